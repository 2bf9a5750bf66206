import 'server-only';
import { isActiveMember } from '@/lib/domain/membership';
import { db } from '@/lib/infra/db';

const PAID = { fulfilledAt: { not: null }, paymentStatus: { in: ['paid', 'no_payment_required'] } };

/**
 * Products a customer already owns: every line of their paid orders, and the
 * products inside bundles they bought (the bundle's download gives those files).
 * Member checkouts count while the membership lasts: their downloads end with
 * it (a lapse, or a refund or dispute of a membership payment, Decision 075),
 * and then the products can be bought.
 */
export async function ownedProductIds(userId: string): Promise<string[]> {
  const member = await isActiveMember(userId);
  const items = await db().orderItem.findMany({
    // A refunded (or disputed) item is no longer owned: it can be bought again.
    where: { order: { userId, ...PAID, ...(member ? {} : { kind: { not: 'member' } }) }, refundedAt: null },
    select: { productId: true, product: { select: { bundleItems: { select: { productId: true } } } } },
  });
  return [...new Set(items.flatMap((i) => [i.productId, ...i.product.bundleItems.map((b) => b.productId)]))];
}
