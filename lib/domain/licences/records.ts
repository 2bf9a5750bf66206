// Licences as they stand, derived from their order lines every time they are
// read (Decision 082): the tier is the highest of the lines still standing (the
// line that issued it, and its paid upgrades not refunded), and the licence is
// revoked while the line that issued it has ended (refunded, or disputed and
// not won). No refund or dispute code has to tell licences anything, and a
// change shows on the next read.
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';
import { newLicenceId } from './ids';

/** What a licence is derived from: the line that issued it and its upgrade lines. */
const grantSelect = {
  id: true,
  licenceTierId: true,
  termsVersion: true,
  priceCents: true,
  memberDiscountCents: true,
  bundleCreditCents: true,
  refundedAt: true,
  order: { select: { fulfilledAt: true, paymentStatus: true } },
} satisfies Prisma.OrderItemSelect;

export const licenceInclude = {
  orderItem: {
    select: {
      ...grantSelect,
      productId: true,
      title: true,
      isBundle: true,
      order: { select: { fulfilledAt: true, paymentStatus: true, userId: true, sessionId: true } },
    },
  },
  upgrades: { select: grantSelect },
} satisfies Prisma.LicenceInclude;

export type LicenceRow = Prisma.LicenceGetPayload<{ include: typeof licenceInclude }>;

export type LicenceEvent = { tierId: string; termsVersion: number; at: Date; kind: 'issued' | 'upgraded' };

export type LicenceState = {
  id: string;
  holderName: string;
  issuedAt: Date;
  productId: string;
  productTitle: string;
  isBundle: boolean;
  orderUserId: string | null;
  sessionId: string;
  /** The tier now, and the terms version it was sold under. */
  tierId: string;
  termsVersion: number;
  status: 'valid' | 'revoked';
  revokedAt: Date | null;
  /** The licence's issue and each upgrade still standing, oldest first. */
  history: LicenceEvent[];
  /** What was paid for it so far (its lines, after a membership's share, before vouchers). */
  paidCents: number;
};

type Grant = Prisma.OrderItemGetPayload<{ select: typeof grantSelect }>;

const PAID = ['paid', 'no_payment_required'];
const stands = (g: Grant) => g.order.fulfilledAt !== null && PAID.includes(g.order.paymentStatus) && g.refundedAt === null;

/** `rank` orders tiers (their position): two upgrades paid out of order still leave the higher tier. */
export function deriveLicence(row: LicenceRow, rank: (tierId: string) => number): LicenceState {
  const line = row.orderItem;
  const upgrades = row.upgrades
    .filter(stands)
    .sort((a, b) => a.order.fulfilledAt!.getTime() - b.order.fulfilledAt!.getTime())
    .map((g) => ({ grant: g, event: { tierId: g.licenceTierId!, termsVersion: g.termsVersion ?? 1, at: g.order.fulfilledAt!, kind: 'upgraded' as const } }));
  const issued: LicenceEvent = { tierId: line.licenceTierId!, termsVersion: line.termsVersion ?? 1, at: row.issuedAt, kind: 'issued' };
  const history = [issued, ...upgrades.map((u) => u.event)];
  const now = history.reduce((best, e) => (rank(e.tierId) > rank(best.tierId) ? e : best));
  // A bundle's credit was paid too, for the items it holds (Decision 094): an upgrade does not charge it again.
  const paid = (g: Grant) => g.priceCents + g.bundleCreditCents - g.memberDiscountCents;
  return {
    id: row.id,
    holderName: row.holderName,
    issuedAt: row.issuedAt,
    productId: line.productId,
    productTitle: line.title,
    isBundle: line.isBundle,
    orderUserId: line.order.userId,
    sessionId: line.order.sessionId,
    tierId: now.tierId,
    termsVersion: now.termsVersion,
    status: line.refundedAt ? 'revoked' : 'valid',
    revokedAt: line.refundedAt,
    history,
    paidCents: paid(line) + upgrades.reduce((sum, u) => sum + paid(u.grant), 0),
  };
}

async function tierRanks(): Promise<(tierId: string) => number> {
  const tiers = await db().licenceTier.findMany({ select: { id: true, position: true } });
  const positions = new Map(tiers.map((t) => [t.id, t.position]));
  return (tierId) => positions.get(tierId) ?? -1;
}

export async function getLicence(id: string): Promise<LicenceState | null> {
  const [row, rank] = await Promise.all([db().licence.findUnique({ where: { id }, include: licenceInclude }), tierRanks()]);
  return row ? deriveLicence(row, rank) : null;
}

/** Per order line, its licence: the one it issued, or for an upgrade line the one it upgraded. */
export async function licencesForLines(lines: { id: string; upgradeOfId: string | null }[]): Promise<Map<string, LicenceState>> {
  if (lines.length === 0) return new Map();
  const [rows, rank] = await Promise.all([
    db().licence.findMany({
      where: { OR: [{ orderItemId: { in: lines.map((l) => l.id) } }, { id: { in: lines.flatMap((l) => l.upgradeOfId ?? []) } }] },
      include: licenceInclude,
    }),
    tierRanks(),
  ]);
  const states = rows.map((r) => deriveLicence(r, rank));
  const byLine = new Map(rows.map((r, i) => [r.orderItemId, states[i]]));
  const byId = new Map(states.map((s) => [s.id, s]));
  return new Map(
    lines
      .flatMap((l) => (l.upgradeOfId ? [[l.id, byId.get(l.upgradeOfId)]] : [[l.id, byLine.get(l.id)]]))
      .filter((e): e is [string, LicenceState] => Boolean(e[1])),
  );
}

/**
 * Issues the licences of a paid order, inside the fulfilment's transaction:
 * one per line that sells a tier (upgrade lines raise an existing one). The
 * holder is the name given at checkout, else the account's name, else the
 * payer's name at the provider, else the start of the email address.
 */
export async function issueLicences(tx: Prisma.TransactionClient, orderId: string, payerName?: string | null): Promise<number> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      holderName: true,
      customerEmail: true,
      fulfilledAt: true,
      user: { select: { name: true } },
      items: { where: { upgradeOfId: null, licenceTierId: { not: null }, licence: null }, select: { id: true } },
    },
  });
  if (order.items.length === 0) return 0;
  const holderName = [order.holderName, order.user?.name, payerName, order.customerEmail?.split('@')[0]].map((n) => n?.trim()).find(Boolean) ?? 'Customer';
  await tx.licence.createMany({
    data: order.items.map((item) => ({ id: newLicenceId(), orderItemId: item.id, holderName, issuedAt: order.fulfilledAt ?? new Date() })),
    skipDuplicates: true,
  });
  return order.items.length;
}

/**
 * Per order line, the position of its licence's tier now: a tier's extra files
 * go to holders of that tier and above (Decision 081). Null where the line has
 * no standing licence: the files every buyer gets, no more.
 */
export async function lineTierPositions(lines: { id: string; upgradeOfId: string | null }[]): Promise<Map<string, number | null>> {
  const [licences, rank] = await Promise.all([licencesForLines(lines), tierRanks()]);
  return new Map(
    lines.map((l) => {
      const licence = licences.get(l.id);
      return [l.id, licence && licence.status === 'valid' ? rank(licence.tierId) : null];
    }),
  );
}
