import 'server-only';
import { AppError, notFound } from '@/lib/domain/errors';
import { isActiveMember } from '@/lib/domain/membership';
import { db } from '@/lib/infra/db';

export type AuthorizedOrder = { id: string; createdAt: Date; items: { productId: string; title: string }[] };

/**
 * The one access rule for every download: a fulfilled, paid order, seen by its
 * owner (guest orders by whoever holds the session id), containing the product
 * when one is named. Member checkouts last as long as the membership.
 * Returns the order with its items (only the named one when given).
 */
export async function authorizeOrderDownload(request: { sessionId: string; productId?: string; userId: string | null }): Promise<AuthorizedOrder> {
  const order = await db().order.findUnique({
    where: { sessionId: request.sessionId },
    select: {
      id: true,
      createdAt: true,
      userId: true,
      kind: true,
      fulfilledAt: true,
      paymentStatus: true,
      items: { where: request.productId ? { productId: request.productId } : {}, select: { productId: true, title: true }, orderBy: { title: 'asc' } },
    },
  });
  if (!order || !isPaidFor(order, request.userId) || order.items.length === 0) throw notFound('File not found');
  if (order.kind === 'member' && !(await isActiveMember(order.userId))) {
    throw new AppError('forbidden', 'Downloads from member checkouts need an active membership');
  }
  return { id: order.id, createdAt: order.createdAt, items: order.items };
}

type OrderState = { userId: string | null; fulfilledAt: Date | null; paymentStatus: string };

// Paid and fulfilled, seen by its owner (guest orders by whoever holds the session id).
const isPaidFor = (order: OrderState, userId: string | null) =>
  Boolean(order.fulfilledAt) && (order.paymentStatus === 'paid' || order.paymentStatus === 'no_payment_required') && (!order.userId || order.userId === userId);

/**
 * Invoices follow the same owner rule as downloads, but also exist for
 * membership payments (no items) and outlive a lapsed membership.
 */
export async function authorizeOrderInvoice(request: { sessionId: string; userId: string | null }): Promise<{ id: string; paidAt: Date }> {
  const order = await db().order.findUnique({
    where: { sessionId: request.sessionId },
    select: { id: true, userId: true, fulfilledAt: true, paymentStatus: true },
  });
  if (!order?.fulfilledAt || !isPaidFor(order, request.userId)) throw notFound('Invoice not found');
  return { id: order.id, paidAt: order.fulfilledAt };
}
