// Orders for the back office: filters of docs/product.md §3 (status default paid, email,
// date range) and the resend of an order email, logged with the admin's name.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { sendOrderEmail } from '@/lib/domain/emails';
import { notFound } from '@/lib/domain/errors';
import { db, escapeLike, Prisma } from '@/lib/infra/db';
import { fileListsForProducts } from './files';

/** The newest download log entries an order card shows; the CSV export has them all. */
export const DOWNLOAD_LOG_SHOWN = 20;

export type OrderFilter = {
  status: 'paid' | 'open' | 'expired' | 'all';
  customerEmail?: string;
  /** Part of the customer's email or of the session id. */
  search?: string;
  startDate?: Date;
  endDate?: Date;
  limit: number;
  offset: number;
};

/** The Orders tab's filter as a Prisma condition: the list and its CSV export match the same orders. */
export function orderWhere(filter: Omit<OrderFilter, 'limit' | 'offset'>): Prisma.OrderWhereInput {
  const where: Prisma.OrderWhereInput = {};
  if (filter.status === 'paid') where.fulfilledAt = { not: null };
  if (filter.status === 'open') where.AND = [{ fulfilledAt: null }, { status: 'open' }];
  if (filter.status === 'expired') where.status = 'expired';
  if (filter.customerEmail) where.customerEmail = { contains: filter.customerEmail.trim().toLowerCase() };
  const search = filter.search?.trim();
  if (search) {
    const pattern = escapeLike(search);
    where.OR = [{ customerEmail: { contains: pattern.toLowerCase() } }, { sessionId: { contains: pattern } }];
  }
  if (filter.startDate || filter.endDate)
    where.createdAt = { ...(filter.startDate ? { gte: filter.startDate } : {}), ...(filter.endDate ? { lt: filter.endDate } : {}) };
  return where;
}

/** One page of orders, newest first, and how many match in all. */
export async function listAdminOrders(filter: OrderFilter) {
  const where = orderWhere(filter);
  const [orders, total] = await Promise.all([
    db().order.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: filter.limit,
      skip: filter.offset,
      include: {
        items: { include: { product: { select: { imagePath: true, thumbnailPath: true } } } },
        emailLogs: { orderBy: { sentAt: 'desc' } },
        refunds: { orderBy: { createdAt: 'asc' }, include: { items: { select: { productId: true }, orderBy: { title: 'asc' } } } },
        downloads: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: DOWNLOAD_LOG_SHOWN, include: { file: { select: { originalFilename: true } } } },
        _count: { select: { downloads: true } },
      },
    }),
    db().order.count({ where }),
  ]);
  const files = await fileListsForProducts([...new Set(orders.flatMap((o) => o.items.map((i) => i.productId)))]);
  const rows = orders.map((o) => ({
    id: o.id,
    sessionId: o.sessionId,
    createdAt: o.createdAt,
    customerEmail: o.customerEmail,
    amountCents: o.amountCents,
    currency: o.currency,
    paymentStatus: o.paymentStatus,
    status: o.status,
    kind: o.kind,
    items: o.items.map((i) => ({
      productId: i.productId,
      title: i.title,
      priceCents: i.priceCents,
      bundleCreditCents: i.bundleCreditCents,
      refundedAt: i.refundedAt,
      imagePath: i.product.thumbnailPath ?? i.product.imagePath,
      // The files this order can download, as it knows them (removed-later ones included).
      files: (files.get(i.productId)?.(o.createdAt) ?? []).map((f) => ({ storageKey: f.storageKey, originalFilename: f.originalFilename })),
    })),
    emailLogs: o.emailLogs.map((l) => ({ recipientEmail: l.recipientEmail, sentAt: l.sentAt, sentBy: l.sentBy, status: l.status, kind: l.kind })),
    refunds: o.refunds.map((r) => ({
      id: r.id,
      source: r.source,
      status: r.status,
      membershipEnd: r.membershipEnd,
      amountCents: r.amountCents,
      voucherReturnedCents: r.voucherReturnedCents,
      actor: r.actor,
      createdAt: r.createdAt,
      disputeOutcome: r.disputeOutcome,
      resolvedAt: r.resolvedAt,
      // A pending refund has ended nothing yet: the items it was asked for.
      productIds: r.status === 'pending' ? o.items.filter((i) => r.itemIds.includes(i.id)).map((i) => i.productId) : r.items.map((i) => i.productId),
    })),
    downloadCount: o._count.downloads,
    downloads: o.downloads.map((d) => ({ createdAt: d.createdAt, productId: d.productId, filename: d.file.originalFilename, ip: d.ip })),
  }));
  return { total, orders: rows };
}

export type AdminOrder = Awaited<ReturnType<typeof listAdminOrders>>['orders'][number];

export async function resendOrderEmail(actor: string, sessionId: string, email: string): Promise<void> {
  const order = await db().order.findUnique({ where: { sessionId }, select: { id: true, fulfilledAt: true } });
  if (!order || !order.fulfilledAt) throw notFound('Paid order not found');
  await sendOrderEmail(order.id, { to: email.trim().toLowerCase(), sentBy: actor });
  await recordAudit(db(), actor, 'order.resend_email', order.id, { to: email });
}
