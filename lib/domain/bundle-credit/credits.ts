// What each bundle's owned items are worth to one signed-in customer: which of
// the bundle's current items they own (Decision 064) and what they paid for
// them (Decision 094). Read inside checkout's pricing transaction with the
// lines locked, so a refund either lands first (and counts) or waits.
import 'server-only';
import { ownedProductIds } from '@/lib/domain/orders';
import { db, type Prisma } from '@/lib/infra/db';
import { paidOnLine } from './rules';

export type BundleCredit = { bundleId: string; owned: number; total: number; creditCents: number };

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

const PAID = ['paid', 'no_payment_required'];

/**
 * Per bundle id: its current items, how many the customer owns, and the sum of
 * what they paid on their own standing lines for those items, at any tier
 * (upgrades included). An item received inside another bundle counts as owned
 * but brings no credit: its price was paid for that bundle, which stays theirs.
 * `lock` holds those lines (FOR SHARE) until the caller's transaction ends.
 */
export async function findBundleCredits(
  client: Client,
  userId: string,
  bundleIds: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, BundleCredit>> {
  if (bundleIds.length === 0) return new Map();
  const contents = await client.bundleItem.findMany({
    where: { bundleId: { in: bundleIds }, removedAt: null, bundle: { isBundle: true } },
    select: { bundleId: true, productId: true },
  });
  const itemIds = [...new Set(contents.map((c) => c.productId))];
  if (options.lock && itemIds.length > 0) {
    // A refund marks its lines under the order's lock: holding these lines makes it wait for this checkout, or this checkout for it.
    await client.$queryRaw`
      SELECT oi.id FROM "OrderItem" oi JOIN "Order" o ON o.id = oi."orderId"
      WHERE o."userId" = ${userId} AND oi."productId" = ANY(${itemIds}::text[]) AND oi."refundedAt" IS NULL
      FOR SHARE OF oi`;
  }
  const [owned, lines] = await Promise.all([
    ownedProductIds(userId),
    client.orderItem.findMany({
      where: { productId: { in: itemIds }, refundedAt: null, order: { userId, fulfilledAt: { not: null }, paymentStatus: { in: PAID } } },
      select: { productId: true, priceCents: true, memberDiscountCents: true, discountCents: true },
    }),
  ]);
  const ownedSet = new Set(owned);
  const paid = new Map<string, number>();
  for (const line of lines) paid.set(line.productId, (paid.get(line.productId) ?? 0) + paidOnLine(line));
  return new Map(
    bundleIds.map((bundleId) => {
      const items = contents.filter((c) => c.bundleId === bundleId).map((c) => c.productId);
      const mine = items.filter((id) => ownedSet.has(id));
      const creditCents = mine.reduce((sum, id) => sum + (paid.get(id) ?? 0), 0);
      return [bundleId, { bundleId, owned: mine.length, total: items.length, creditCents }];
    }),
  );
}
