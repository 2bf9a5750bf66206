// Wishlists (Decision 086): products a signed-in customer saved, newest first,
// at most MAX_WISHLIST_ITEMS. Saving twice or removing what is not saved
// changes nothing. A product saved during a sale counts that sale as seen, so
// the daily sale alert (sale-alerts.ts) only tells of sales the customer has
// not seen.
import 'server-only';
import { getCatalogItems, type CatalogItem } from '@/lib/domain/catalog';
import { AppError, notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';
import { MAX_WISHLIST_ITEMS } from '@/lib/shop';
import { saleKeyAt } from './sale-key';

export { saleKeyAt } from './sale-key';
export { queueSaleAlerts, sendSaleAlert, WISHLIST_ALERT_JOB, WISHLIST_DIGEST_CRON, WISHLIST_DIGEST_JOB } from './sale-alerts';

export async function listWishlist(userId: string): Promise<{ productIds: string[]; items: CatalogItem[] }> {
  const rows = await db().wishlistItem.findMany({
    where: { userId, product: { deletedAt: null } },
    orderBy: [{ createdAt: 'desc' }, { productId: 'asc' }],
    select: { productId: true },
    take: MAX_WISHLIST_ITEMS,
  });
  const productIds = rows.map((r) => r.productId);
  return { productIds, items: await getCatalogItems(productIds) };
}

export async function saveToWishlist(userId: string, productId: string, now = new Date()): Promise<void> {
  const product = await db().product.findFirst({
    where: { id: productId, deletedAt: null },
    select: { priceCents: true, onSale: true, salePriceCents: true, saleStart: true, saleEnd: true },
  });
  if (!product) throw notFound('Product not found');
  await db().$transaction(async (tx) => {
    // Serialises one customer's saves, so the limit holds when several arrive at once.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const existing = await tx.wishlistItem.findUnique({ where: { userId_productId: { userId, productId } }, select: { productId: true } });
    if (existing) return;
    if ((await tx.wishlistItem.count({ where: { userId } })) >= MAX_WISHLIST_ITEMS) {
      throw new AppError('conflict', `Your wishlist is full (${MAX_WISHLIST_ITEMS} products). Remove one to save another.`);
    }
    await tx.wishlistItem.create({ data: { userId, productId, saleSeen: saleKeyAt(product, now) } });
  });
}

export async function removeFromWishlist(userId: string, productId: string): Promise<void> {
  await db().wishlistItem.deleteMany({ where: { userId, productId } });
}
