// The files an order line gives access to. A bundle gives its own files and
// then those of every product it contains, in the bundle's order. What an
// order sees is fixed by when it was placed: a file or bundle item removed
// later stays in its list (so its file_index never shifts), one removed
// before never appears, and one added later appears at the end.
import 'server-only';
import { db } from '@/lib/infra/db';

export type OrderFile = { id: string; storageKey: string; originalFilename: string };

const fileSelect = { id: true, storageKey: true, originalFilename: true, removedAt: true } as const;

const keptAt = (at: Date | null) => (row: { removedAt: Date | null }) => row.removedAt === null || (at !== null && row.removedAt > at);

/**
 * Per product id, the files of an order placed at `placedAt`; `null` is a
 * buyer ordering now (only the current files).
 */
export async function filesForProducts(productIds: string[], placedAt: Date | null = null): Promise<Map<string, OrderFile[]>> {
  const lists = await fileListsForProducts(productIds);
  return new Map([...lists].map(([id, list]) => [id, list(placedAt)]));
}

/** One query for many orders: per product id, a function from an order's time to its files. */
export async function fileListsForProducts(productIds: string[]): Promise<Map<string, (placedAt: Date | null) => OrderFile[]>> {
  const rows = await db().product.findMany({
    where: { id: { in: productIds } },
    select: {
      id: true,
      files: { select: fileSelect, orderBy: [{ position: 'asc' }, { createdAt: 'asc' }] },
      bundleItems: {
        orderBy: { position: 'asc' },
        select: { removedAt: true, product: { select: { files: { select: fileSelect, orderBy: [{ position: 'asc' }, { createdAt: 'asc' }] } } } },
      },
    },
  });
  const strip = ({ id, storageKey, originalFilename }: OrderFile): OrderFile => ({ id, storageKey, originalFilename });
  return new Map(
    rows.map((p) => [
      p.id,
      (placedAt: Date | null) => {
        const kept = keptAt(placedAt);
        const contained = p.bundleItems.filter(kept).flatMap((b) => b.product.files.filter(kept));
        return [...p.files.filter(kept), ...contained].map(strip);
      },
    ]),
  );
}
