// A customer's own paid orders with their download lists (SPEC §3 customer view).
import 'server-only';
import { db } from '@/lib/infra/db';
import { fileListsForProducts } from './files';
import { moneyReturnedAt, refundsWithNotes } from './refund-notes';

export type CustomerOrderItem = {
  productId: string;
  title: string;
  priceCents: number;
  imagePath: string | null;
  isBundle: boolean;
  /** Refunded (or disputed): shown as such, with no files to download. */
  refundedAt: Date | null;
  /** The files the buyer may download (stable id, original name), in download-index order. */
  files: CustomerOrderFile[];
};

/** A slot's newest version, when it replaced one the buyer had, and the versions it replaced (Decision 68). */
export type CustomerOrderFile = {
  id: string;
  filename: string;
  version: number;
  updatedAt: Date | null;
  earlierVersions: { id: string; filename: string; version: number; createdAt: Date }[];
};

/** Money given back on the order, each with its adjustment note (Decision 071). */
export type CustomerOrderRefund = { id: string; refundedAt: Date; amountCents: number };

export type CustomerOrder = {
  sessionId: string;
  createdAt: Date;
  amountCents: number;
  currency: string;
  items: CustomerOrderItem[];
  refunds: CustomerOrderRefund[];
};

export async function listCustomerOrders(userId: string): Promise<CustomerOrder[]> {
  const orders = await db().order.findMany({
    where: { userId, fulfilledAt: { not: null }, kind: { not: 'subscription' } },
    orderBy: { createdAt: 'desc' },
    include: {
      items: { include: { product: { select: { imagePath: true, thumbnailPath: true } } } },
      refunds: {
        where: refundsWithNotes,
        select: { id: true, source: true, createdAt: true, settledAt: true, resolvedAt: true, amountCents: true },
        orderBy: { createdAt: 'asc' },
      },
    },
  });
  // One query for every file of every order, not one per order.
  const files = await fileListsForProducts([...new Set(orders.flatMap((o) => o.items.map((i) => i.productId)))]);
  return orders.map((order) => ({
    sessionId: order.sessionId,
    createdAt: order.createdAt,
    amountCents: order.amountCents,
    currency: order.currency,
    refunds: order.refunds.map((r) => ({ id: r.id, refundedAt: moneyReturnedAt(r), amountCents: r.amountCents })),
    items: order.items.map((item) => ({
      productId: item.productId,
      title: item.title,
      priceCents: item.priceCents,
      imagePath: item.product.thumbnailPath ?? item.product.imagePath,
      isBundle: item.isBundle,
      refundedAt: item.refundedAt,
      // The files as they stood when this order was placed (decision 059), newest version per slot
      // (decision 068); none once refunded (decision 067).
      files: item.refundedAt
        ? []
        : (files.get(item.productId)?.(order.createdAt) ?? []).map((f) => ({
            id: f.id,
            filename: f.originalFilename,
            version: f.version,
            updatedAt: f.updatedAt,
            earlierVersions: f.earlierVersions.map((v) => ({ id: v.id, filename: v.originalFilename, version: v.version, createdAt: v.createdAt })),
          })),
    })),
  }));
}
