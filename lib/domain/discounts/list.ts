// The back office's list of discount codes, each with what it did: uses,
// paid orders, revenue (what they paid, minus refunds) and discount given.
import 'server-only';
import { db, escapeLike, Prisma, type DiscountCode } from '@/lib/infra/db';

export type DiscountCodeStats = { orders: number; revenueCents: number; discountCents: number };

export type DiscountCodeView = DiscountCode & {
  stats: DiscountCodeStats;
  products: { id: string; title: string; isBundle: boolean }[];
  used: boolean;
};

const NO_STATS: DiscountCodeStats = { orders: 0, revenueCents: 0, discountCents: 0 };

/**
 * Per code: its paid orders, what they paid minus what was refunded, and the
 * discount they were given. Reads each code's paid orders through the
 * ("discountCodeId", "fulfilledAt") index and each order's refunds through
 * "Refund"("orderId"), so its cost follows the codes asked about, not the order
 * table. A dispute the shop won gave the money back to it, so it is not subtracted.
 */
export async function discountStats(ids: string[]): Promise<Map<string, DiscountCodeStats>> {
  if (ids.length === 0) return new Map();
  const rows = await db().$queryRaw<{ id: string; orders: number; paid: bigint; refunded: bigint; discount: bigint }[]>`
    SELECT o."discountCodeId" AS id,
           count(*)::int AS orders,
           sum(o."amountCents")::bigint AS paid,
           coalesce(sum(r.refunded), 0)::bigint AS refunded,
           sum(o."discountCents")::bigint AS discount
    FROM "Order" o
    LEFT JOIN LATERAL (
      SELECT sum(f."amountCents") AS refunded FROM "Refund" f
      WHERE f."orderId" = o.id AND f."disputeOutcome" IS DISTINCT FROM 'won'
    ) r ON true
    WHERE o."discountCodeId" IN (${Prisma.join(ids)}) AND o."fulfilledAt" IS NOT NULL
    GROUP BY o."discountCodeId"`;
  return new Map(rows.map((r) => [r.id, { orders: r.orders, revenueCents: Number(r.paid - r.refunded), discountCents: Number(r.discount) }]));
}

async function withDetails(codes: DiscountCode[]): Promise<DiscountCodeView[]> {
  const ids = codes.map((c) => c.id);
  const productIds = [...new Set(codes.flatMap((c) => c.productIds))];
  const [stats, products, ordered] = await Promise.all([
    discountStats(ids),
    productIds.length ? db().product.findMany({ where: { id: { in: productIds }, deletedAt: null }, select: { id: true, title: true, isBundle: true } }) : [],
    ids.length
      ? db().order.groupBy({ by: ['discountCodeId'], where: { discountCodeId: { in: ids } }, _count: { _all: true } })
      : Promise.resolve([] as { discountCodeId: string | null }[]),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const used = new Set(ordered.map((o) => o.discountCodeId));
  return codes.map((code) => ({
    ...code,
    stats: stats.get(code.id) ?? NO_STATS,
    products: code.productIds.flatMap((id) => byId.get(id) ?? []),
    used: used.has(code.id) || code.uses > 0,
  }));
}

/** One page of codes, newest first; `search` matches part of the code or its description. */
export async function listDiscountCodes(query: { search?: string; limit: number; offset: number }): Promise<{ items: DiscountCodeView[]; total: number }> {
  const search = query.search?.trim();
  const pattern = search ? escapeLike(search) : null;
  const where: Prisma.DiscountCodeWhereInput = pattern
    ? { OR: [{ code: { contains: pattern, mode: 'insensitive' } }, { description: { contains: pattern, mode: 'insensitive' } }] }
    : {};
  const [rows, total] = await Promise.all([
    db().discountCode.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: query.limit, skip: query.offset }),
    db().discountCode.count({ where }),
  ]);
  return { items: await withDetails(rows), total };
}

export async function getDiscountCodeView(code: DiscountCode): Promise<DiscountCodeView> {
  return (await withDetails([code]))[0];
}
