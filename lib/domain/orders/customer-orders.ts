// A customer's own paid orders with their download lists (SPEC §3 customer view).
import 'server-only';
import { db } from '@/lib/infra/db';
import { centsToDollars } from '@/lib/format';
import { fileListsForProducts } from './files';
import type { CustomerOrder } from '@/lib/contract/responses';

export type { CustomerOrder };

const downloadPath = (sessionId: string, productId: string, fileId: string) =>
  `/api/download/${encodeURIComponent(sessionId)}/${encodeURIComponent(productId)}?file_id=${encodeURIComponent(fileId)}`;

export async function listCustomerOrders(userId: string): Promise<CustomerOrder[]> {
  const orders = await db().order.findMany({
    where: { userId, fulfilledAt: { not: null }, kind: { not: 'subscription' } },
    orderBy: { createdAt: 'desc' },
    include: { items: { include: { product: { select: { imagePath: true, thumbnailPath: true } } } } },
  });
  // One query for every file of every order, not one per order.
  const files = await fileListsForProducts([...new Set(orders.flatMap((o) => o.items.map((i) => i.productId)))]);
  return orders.map((order) => ({
    session_id: order.sessionId,
    created_at: order.createdAt.toISOString(),
    amount: centsToDollars(order.amountCents),
    currency: order.currency.toUpperCase(),
    item_count: order.items.length,
    products: order.items.map((item) => {
      const list = files.get(item.productId)?.(order.createdAt) ?? [];
      return {
        id: item.productId,
        title: item.title,
        price: centsToDollars(item.priceCents),
        image_path: item.product.thumbnailPath ?? item.product.imagePath,
        is_bundle: item.isBundle,
        // SPEC §3 names file_paths; storage keys of paid files never leave the
        // server (SECURITY S5), so each entry is the download path of that file.
        file_paths: list.map((f) => downloadPath(order.sessionId, item.productId, f.id)),
        original_filenames: list.map((f) => f.originalFilename),
        files: list.map((f, index) => ({ index, id: f.id, filename: f.originalFilename })),
      };
    }),
  }));
}
