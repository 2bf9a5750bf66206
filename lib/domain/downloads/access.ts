import 'server-only';
import { AppError, notFound } from '@/lib/domain/errors';
import { isActiveMember } from '@/lib/domain/membership';
import { db } from '@/lib/infra/db';

export type AuthorizedOrder = { id: string; userId: string | null; createdAt: Date; items: { productId: string; title: string }[] };

/**
 * The one access rule for every download: a fulfilled, paid order, seen by its
 * owner (guest orders by whoever holds the session id), containing the product
 * when one is named. Member checkouts last as long as the membership.
 * Returns the order with its items (only the named one when given), refunded
 * ones left out: when none is left the answer is 403 with the reason.
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
      items: {
        where: request.productId ? { productId: request.productId } : {},
        select: { productId: true, title: true, refundedAt: true, refund: { select: { source: true, disputeOutcome: true } } },
        orderBy: { title: 'asc' },
      },
    },
  });
  if (!order || !isPaidFor(order, request.userId) || order.items.length === 0) throw notFound('File not found');
  if (order.kind === 'member' && !(await isActiveMember(order.userId))) {
    throw new AppError('forbidden', 'Downloads from member checkouts need an active membership');
  }
  const kept = order.items.filter((i) => !i.refundedAt);
  // A refunded item is the buyer's own business to know about: a clear 403, never a vague 404 (Decision 067).
  if (kept.length === 0) throw refundedError(order.items);
  return { id: order.id, userId: order.userId, createdAt: order.createdAt, items: kept.map(({ productId, title }) => ({ productId, title })) };
}

function refundedError(items: { refundedAt: Date | null; refund: { source: string; disputeOutcome: string | null } | null }[]): AppError {
  const dispute = items.find((i) => i.refund?.source === 'dispute')?.refund;
  if (dispute?.disputeOutcome === 'lost')
    return new AppError('forbidden', 'The payment for this order was returned after a dispute, so its downloads have ended');
  if (dispute) return new AppError('forbidden', 'Downloads of this order are suspended while its payment is disputed');
  return new AppError(
    'forbidden',
    items.length === 1 ? 'This item was refunded, so its downloads have ended' : 'This order was refunded, so its downloads have ended',
  );
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
