// Refunds made in the back office: a whole order or chosen items. A card
// payment is refunded through Stripe for exactly the items' share of what was
// paid; test mode and $0 orders only record it. Either way the items' downloads
// end, a gift card gets its share back and the customer hears once (Decision 067).
import 'server-only';
import { createHash } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { kickJobs } from '@/lib/domain/jobs';
import { db } from '@/lib/infra/db';
import { createProviderRefund, paymentMode, retrievePaymentSession } from '@/lib/infra/payments';
import { lockOrder, recordRefund, type LockedOrder } from './refund-records';

/** Product ids one request may name; an order holds at most a cart's worth. */
export const MAX_REFUND_ITEMS = 100;

export type RefundRequest = { actor: string; sessionId: string; productIds?: string[] };
export type RefundResult = { id: string; amountCents: number; voucherReturnedCents: number; productIds: string[]; throughStripe: boolean };

/** The order items the request names (every remaining one when none are named), or the 400/409 saying why not. */
function chooseItems(order: LockedOrder, productIds: string[] | undefined) {
  if (!order.fulfilledAt) throw new AppError('conflict', 'Only a paid order can be refunded');
  if (order.kind === 'subscription') throw new AppError('conflict', 'Membership payments are refunded by cancelling the membership, not here');
  if (!productIds) {
    const left = order.items.filter((i) => !i.refundedAt);
    if (left.length === 0) throw new AppError('conflict', 'Every item of this order has already been refunded');
    return left;
  }
  const wanted = [...new Set(productIds)];
  const unknown = wanted.filter((id) => !order.items.some((i) => i.productId === id));
  if (unknown.length) throw invalid('Some of these products are not in this order', { product_ids: unknown });
  const chosen = order.items.filter((i) => wanted.includes(i.productId));
  const again = chosen.filter((i) => i.refundedAt);
  if (again.length)
    throw new AppError('conflict', `Already refunded: ${again.map((i) => `"${i.title}"`).join(', ')}`, { product_ids: again.map((i) => i.productId) });
  return chosen;
}

const throughStripe = (order: { kind: string }, amountCents: number) => paymentMode() === 'stripe' && order.kind === 'payment' && amountCents > 0;

/** Where Stripe's money for this order sits: stored at payment, else asked of Stripe once and kept. */
async function paymentIntentOf(order: { id: string; sessionId: string; paymentIntentId: string | null }): Promise<string> {
  if (order.paymentIntentId) return order.paymentIntentId;
  const session = await retrievePaymentSession(order.sessionId).catch(() => null);
  if (!session?.paymentIntentId)
    throw new AppError('service_unavailable', 'Stripe could not tell which payment to refund; nothing was changed. Please try again.');
  await db().order.update({ where: { id: order.id }, data: { paymentIntentId: session.paymentIntentId } });
  return session.paymentIntentId;
}

export async function refundOrder(request: RefundRequest): Promise<RefundResult> {
  if (request.productIds && request.productIds.length > MAX_REFUND_ITEMS) throw invalid(`At most ${MAX_REFUND_ITEMS} products per refund`);
  const found = await db().order.findUnique({
    where: { sessionId: request.sessionId },
    select: { id: true, sessionId: true, kind: true, amountCents: true, paymentIntentId: true },
  });
  if (!found) throw notFound('Order not found');
  // Checked before the lock so a bad request costs nothing; checked again under it.
  const preview = await db().$transaction((tx) => lockOrder(tx, found.id));
  const previewItems = chooseItems(preview, request.productIds);
  const previewAmount = previewItems.reduce((sum, i) => sum + (preview.shares.get(i.id)?.cashCents ?? 0), 0);
  const paymentIntentId = throughStripe(found, previewAmount) ? await paymentIntentOf(found) : null;

  const result = await db().$transaction(
    async (tx) => {
      const order = await lockOrder(tx, found.id);
      const items = chooseItems(order, request.productIds);
      const amountCents = items.reduce((sum, i) => sum + (order.shares.get(i.id)?.cashCents ?? 0), 0);
      // The same items of the same order always make the same key: a retry after a lost answer replays Stripe's refund.
      const key = createHash('sha256')
        .update(
          `${order.id}:${items
            .map((i) => i.id)
            .sort()
            .join(',')}`,
        )
        .digest('base64url')
        .slice(0, 32);
      const refundId = `rf_${key}`;
      let stripeRefundId: string | null = null;
      // The card is refunded last, inside the lock: nothing before it can still fail, and the
      // charge.refunded webhook for it waits for this commit, then finds the refund already recorded.
      if (paymentIntentId && amountCents > 0) {
        try {
          const provider = await createProviderRefund({
            paymentIntentId,
            amountCents,
            idempotencyKey: `refund-${refundId}`,
            metadata: { order_id: order.id, refund_id: refundId },
          });
          stripeRefundId = provider.id;
        } catch (error) {
          console.warn('[refunds] Stripe refused the refund', error instanceof Error ? error.message : error);
          throw new AppError('service_unavailable', 'Stripe could not make the refund; nothing was changed. Please try again.');
        }
      }
      const refund = await recordRefund(tx, order, {
        id: refundId,
        source: 'admin',
        amountCents,
        itemIds: items.map((i) => i.id),
        stripeRefundId,
        actor: request.actor,
      });
      await recordAudit(tx, request.actor, 'order.refund', order.id, {
        session_id: order.sessionId,
        product_ids: items.map((i) => i.productId),
        amount_cents: amountCents,
        voucher_returned_cents: refund.voucherReturnedCents,
        stripe_refund_id: stripeRefundId,
      });
      return {
        id: refund.id,
        amountCents,
        voucherReturnedCents: refund.voucherReturnedCents,
        productIds: items.map((i) => i.productId),
        throughStripe: stripeRefundId !== null,
      };
    },
    // Stripe's answer arrives inside the transaction: room for the SDK's timeout, not the default 5 s.
    { timeout: 60_000, maxWait: 10_000 },
  );
  kickJobs();
  return result;
}
