// What buyers do, kept for the storefront (Decisions 088, 089): how many paid
// orders held each product (the best-selling sort) and which products were
// bought together ("Frequently bought together"). Counted once per paid order
// by a background job queued in the payment's transaction, so paying never
// waits on it, and with bounded work: at most MAX_COUNTED_LINES lines of an
// order count, so one order writes at most 12 + 12 × 11 rows.
import 'server-only';
import { db } from '@/lib/infra/db';

export const ORDER_INSIGHTS_JOB = 'order-insights';
export const MAX_COUNTED_LINES = 12;

/** Every ordered pair of distinct ids (both directions): what one order adds to the co-purchase table. */
export function coPurchasePairs(productIds: string[]): [string, string][] {
  const ids = [...new Set(productIds)].slice(0, MAX_COUNTED_LINES);
  return ids.flatMap((a) => ids.filter((b) => b !== a).map((b): [string, string] => [a, b]));
}

/**
 * Counts one paid order's sales and co-purchases, once: the claim on
 * insightsCountedAt and the counts commit together, so a retried or repeated
 * job counts nothing twice. Licence upgrades are not sales of a product.
 */
export async function countOrderInsights(orderId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const claimed = await tx.order.updateMany({
      where: {
        id: orderId,
        insightsCountedAt: null,
        fulfilledAt: { not: null },
        paymentStatus: { in: ['paid', 'no_payment_required'] },
        kind: { not: 'subscription' },
      },
      data: { insightsCountedAt: new Date() },
    });
    if (claimed.count !== 1) return false;
    const lines = await tx.orderItem.findMany({
      where: { orderId, upgradeOfId: null },
      select: { productId: true },
      orderBy: { productId: 'asc' },
      take: MAX_COUNTED_LINES,
    });
    const ids = lines.map((l) => l.productId);
    if (ids.length === 0) return true;
    // Raw SQL: a sale is not an edit of the product (Prisma would move its updatedAt).
    await tx.$executeRaw`UPDATE "Product" SET "salesCount" = "salesCount" + 1 WHERE id = ANY(${ids}::text[])`;
    const pairs = coPurchasePairs(ids);
    if (pairs.length > 0) {
      // One statement, rows in key order, so concurrent jobs take their row locks in one order.
      await tx.$executeRaw`
        INSERT INTO "CoPurchase" ("productId", "otherId", "count", "updatedAt")
        SELECT a, b, 1, now() FROM unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) AS t(a, b) ORDER BY a, b
        ON CONFLICT ("productId", "otherId") DO UPDATE SET "count" = "CoPurchase"."count" + 1, "updatedAt" = now()`;
    }
    return true;
  });
}
