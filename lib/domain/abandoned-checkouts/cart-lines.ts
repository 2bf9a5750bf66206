// What an abandoned checkout still offers the customer: its lines (not licence
// upgrades), for products still in the shop that the customer does not own
// now. Empty: they bought those items since, so no reminder and nothing to restore.
import 'server-only';
import { ownedProductIds } from '@/lib/domain/orders';
import { db } from '@/lib/infra/db';

export type RecoverableLine = {
  productId: string;
  title: string;
  /** What the line cost at checkout (the cart re-prices on the server when it checks out again). */
  priceCents: number;
  imagePath: string | null;
  isBundle: boolean;
  licence: { key: string; name: string } | null;
};

export async function recoverableLines(orderId: string): Promise<RecoverableLine[]> {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: {
      userId: true,
      items: {
        where: { upgradeOfId: null, product: { deletedAt: null } },
        select: {
          productId: true,
          title: true,
          priceCents: true,
          isBundle: true,
          product: { select: { imagePath: true } },
          licenceTier: { select: { key: true, name: true, retiredAt: true } },
        },
      },
    },
  });
  if (!order?.userId) return [];
  const owned = new Set(await ownedProductIds(order.userId));
  return order.items
    .filter((item) => !owned.has(item.productId))
    .map((item) => ({
      productId: item.productId,
      title: item.title,
      priceCents: item.priceCents,
      imagePath: item.product.imagePath,
      isBundle: item.isBundle,
      // A retired tier is no longer sold: the item comes back in its default tier.
      licence: item.licenceTier && !item.licenceTier.retiredAt ? { key: item.licenceTier.key, name: item.licenceTier.name } : null,
    }));
}
