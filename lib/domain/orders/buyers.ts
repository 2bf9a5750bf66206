// Who bought a product: the people an update to its files is emailed to (Decision 68).
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';

export type ProductBuyer = { email: string; orderId: string };

// The one place that says which order lines count as "bought": a refunded or
// disputed line (Decision 067) gives no access, so its buyer hears of no update.
const boughtItem = (productId: string): Prisma.OrderItemWhereInput => ({
  refundedAt: null,
  OR: [{ productId }, { product: { bundleItems: { some: { productId } } } }],
});

/**
 * Distinct customer emails (lower-cased) of paid, fulfilled orders holding the
 * product, alone or in a bundle whose contents held it when the order was
 * placed (orders/files.ts's rule), each with its latest such order.
 */
export async function listProductBuyers(productId: string): Promise<ProductBuyer[]> {
  const orders = await db().order.findMany({
    where: {
      fulfilledAt: { not: null },
      paymentStatus: { in: ['paid', 'no_payment_required'] },
      customerEmail: { not: null },
      items: { some: boughtItem(productId) },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    select: {
      id: true,
      customerEmail: true,
      createdAt: true,
      items: {
        where: boughtItem(productId),
        select: { productId: true, product: { select: { bundleItems: { where: { productId }, select: { removedAt: true } } } } },
      },
    },
  });
  const buyers = new Map<string, ProductBuyer>();
  for (const order of orders) {
    const gives = order.items.some(
      (item) => item.productId === productId || item.product.bundleItems.some((b) => b.removedAt === null || b.removedAt > order.createdAt),
    );
    const email = order.customerEmail?.toLowerCase();
    if (gives && email && !buyers.has(email)) buyers.set(email, { email, orderId: order.id });
  }
  return [...buyers.values()];
}
