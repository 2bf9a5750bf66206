// The files an order line gives access to. A bundle gives its own files and
// then those of every product it contains, in the bundle's order. What an
// order sees is fixed by when it was placed: a file or bundle item removed
// later stays in its list (so its file_index never shifts), one removed
// before never appears, and one added later appears at the end.
// A replaced file (Decision 68) keeps its slot: the slot gives the newest
// version, and the versions replaced since the order was placed stay
// downloadable to it as earlier versions; a version replaced before the order
// was never the buyer's.
// A licence tier's extra files (Decision 081) go to holders of that tier and
// above, listed after every buyer's files so that an upgrade adds at the end
// and never moves a file_index.
import 'server-only';
import { lineTierPositions } from '@/lib/domain/licences';
import { db } from '@/lib/infra/db';

export type OrderFileVersion = { id: string; storageKey: string; originalFilename: string; version: number; createdAt: Date };

/** The newest version of one slot, what file_index and the ZIP give. */
export type OrderFile = OrderFileVersion & {
  /** When the newest version replaced one this order had; null when the order has only this version. */
  updatedAt: Date | null;
  /** Versions this order had before the newest, newest first. */
  earlierVersions: OrderFileVersion[];
};

const fileSelect = {
  id: true,
  storageKey: true,
  originalFilename: true,
  removedAt: true,
  lineageId: true,
  version: true,
  supersededAt: true,
  createdAt: true,
  licenceTier: { select: { position: true } },
} as const;
const fileOrder = [{ position: 'asc' }, { createdAt: 'asc' }] as const;

type FileRow = {
  id: string;
  storageKey: string;
  originalFilename: string;
  removedAt: Date | null;
  lineageId: string | null;
  version: number;
  supersededAt: Date | null;
  createdAt: Date;
  licenceTier: { position: number } | null;
};

/** The licence tier position a line's holder has now; null: the files every buyer gets. */
export type TierPosition = number | null;

// A mark (removed, superseded) hides a row from orders placed after it; `null` is a buyer ordering now.
const keptAt = (at: Date | null) => (mark: Date | null) => mark === null || (at !== null && mark > at);

const toVersion = (row: FileRow): OrderFileVersion => ({
  id: row.id,
  storageKey: row.storageKey,
  originalFilename: row.originalFilename,
  version: row.version,
  createdAt: row.createdAt,
});

/**
 * One product's rows (in position order) as an order placed at `placedAt` sees
 * them: one entry per slot, at the place of the slot's first version, whose
 * position every later version copies. A slot's removal is marked on its newest version.
 */
function slotsAt(rows: FileRow[], placedAt: Date | null, tier: TierPosition = null): OrderFile[] {
  const kept = keptAt(placedAt);
  const slots = new Map<string, FileRow[]>();
  const given = (row: FileRow) => row.licenceTier === null || (tier !== null && row.licenceTier.position <= tier);
  // Every buyer's files first, then the tiers' extra files.
  const ordered = [...rows.filter((r) => r.licenceTier === null), ...rows.filter((r) => r.licenceTier !== null && given(r))];
  for (const row of ordered) {
    const key = row.lineageId ?? row.id;
    slots.set(key, [...(slots.get(key) ?? []), row]);
  }
  const files: OrderFile[] = [];
  for (const versions of slots.values()) {
    const newest = versions.reduce((a, b) => (b.version > a.version ? b : a));
    if (newest.supersededAt !== null || !kept(newest.removedAt)) continue;
    const earlier = versions
      .filter((v) => v !== newest && kept(v.supersededAt))
      .sort((a, b) => b.version - a.version)
      .map(toVersion);
    files.push({ ...toVersion(newest), updatedAt: earlier.length > 0 ? newest.createdAt : null, earlierVersions: earlier });
  }
  return files;
}

/**
 * Per product id, the files of an order placed at `placedAt`; `null` is a
 * buyer ordering now (only the current files, newest versions only). `tiers`
 * gives each product's licence tier position (absent: every buyer's files only).
 */
export async function filesForProducts(
  productIds: string[],
  placedAt: Date | null = null,
  tiers?: Map<string, TierPosition>,
): Promise<Map<string, OrderFile[]>> {
  const lists = await fileListsForProducts(productIds);
  return new Map([...lists].map(([id, list]) => [id, list(placedAt, tiers?.get(id) ?? null)]));
}

/** Per product id of an order, the tier position of its line's licence now. */
export async function orderTierPositions(orderId: string): Promise<Map<string, TierPosition>> {
  const lines = await db().orderItem.findMany({ where: { orderId }, select: { id: true, productId: true, upgradeOfId: true } });
  const positions = await lineTierPositions(lines);
  return new Map(lines.map((l) => [l.productId, positions.get(l.id) ?? null]));
}

/** One query for many orders: per product id, a function from an order's time (and licence tier) to its files. */
export async function fileListsForProducts(productIds: string[]): Promise<Map<string, (placedAt: Date | null, tier?: TierPosition) => OrderFile[]>> {
  const rows = await db().product.findMany({
    where: { id: { in: productIds } },
    select: {
      id: true,
      files: { select: fileSelect, orderBy: [...fileOrder] },
      bundleItems: {
        orderBy: { position: 'asc' },
        select: { removedAt: true, product: { select: { files: { select: fileSelect, orderBy: [...fileOrder] } } } },
      },
    },
  });
  return new Map(
    rows.map((p) => [
      p.id,
      (placedAt: Date | null, tier: TierPosition = null) => {
        const kept = keptAt(placedAt);
        const contained = p.bundleItems.filter((b) => kept(b.removedAt)).flatMap((b) => slotsAt(b.product.files, placedAt, tier));
        return [...slotsAt(p.files, placedAt, tier), ...contained];
      },
    ]),
  );
}

/** Every version an order's list gives, the newest and the earlier ones alike (downloads by file id). */
export const allVersions = (files: OrderFile[]): OrderFileVersion[] => files.flatMap((f) => [f, ...f.earlierVersions]);
