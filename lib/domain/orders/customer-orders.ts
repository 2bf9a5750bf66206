// A customer's own paid orders with their download lists (docs/product.md §3 customer view).
import 'server-only';
import { licencesForLines, listTiers, summariseLicence, type LicenceSummary } from '@/lib/domain/licences';
import { db } from '@/lib/infra/db';
import { fileListsForProducts } from './files';
import { moneyReturnedAt, refundsWithNotes } from '@/lib/domain/refunds';

export type CustomerOrderItem = {
  productId: string;
  title: string;
  priceCents: number;
  /** A bundle's credit for items the buyer owned, already taken off priceCents (Decision 094). */
  bundleCreditCents: number;
  imagePath: string | null;
  isBundle: boolean;
  /** Refunded (or disputed): shown as such, with no files to download. */
  refundedAt: Date | null;
  /** The files the buyer may download (stable id, original name), in download-index order. */
  files: CustomerOrderFile[];
  /** Its licence (an upgrade line: the licence it upgraded), as it stands now (Decision 082). */
  licence: LicenceSummary | null;
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
      items: {
        include: {
          product: {
            select: {
              imagePath: true,
              thumbnailPath: true,
              priceCents: true,
              onSale: true,
              salePriceCents: true,
              saleStart: true,
              saleEnd: true,
              deletedAt: true,
              licencePrices: { select: { tierId: true, priceCents: true, offered: true } },
            },
          },
        },
      },
      refunds: {
        where: refundsWithNotes,
        select: { id: true, source: true, createdAt: true, settledAt: true, resolvedAt: true, amountCents: true },
        orderBy: { createdAt: 'asc' },
      },
    },
  });
  // One query for every file of every order, and one for every licence, not one per order.
  const lines = orders.flatMap((o) => o.items);
  const [files, licences, tiers] = await Promise.all([fileListsForProducts([...new Set(lines.map((i) => i.productId))]), licencesForLines(lines), listTiers()]);
  const now = new Date();
  // A tier's extra files follow the licence's tier now (Decision 081).
  const tierPosition = (item: (typeof lines)[number]) => {
    const state = licences.get(item.id);
    return state?.status === 'valid' ? (tiers.find((t) => t.id === state.tierId)?.position ?? null) : null;
  };
  const licenceOf = (item: (typeof lines)[number]) => {
    const state = licences.get(item.id);
    // A deleted item is no longer sold, so its licence has nothing to upgrade to.
    return state ? summariseLicence(state, item.product.deletedAt ? null : item.product, tiers, now) : null;
  };
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
      bundleCreditCents: item.bundleCreditCents,
      imagePath: item.product.thumbnailPath ?? item.product.imagePath,
      isBundle: item.isBundle,
      refundedAt: item.refundedAt,
      licence: licenceOf(item),
      // The files as they stood when this order was placed (decision 059), newest version per slot
      // (decision 068); none once refunded (decision 067).
      files: item.refundedAt
        ? []
        : (files.get(item.productId)?.(order.createdAt, tierPosition(item)) ?? []).map((f) => ({
            id: f.id,
            filename: f.originalFilename,
            version: f.version,
            updatedAt: f.updatedAt,
            earlierVersions: f.earlierVersions.map((v) => ({ id: v.id, filename: v.originalFilename, version: v.version, createdAt: v.createdAt })),
          })),
    })),
  }));
}
