// Settling a pending back-office refund once Stripe has made it, from
// whichever word arrives first: Stripe's answer to the request, a webhook
// naming it (its metadata carries the refund's id), or the settle job that
// asks Stripe again. Each settles it once, on exactly its chosen items, under
// the order's lock (Decision 075).
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { recordRefundFigures } from '@/lib/domain/insights';
import { endMembershipForRefund } from '@/lib/domain/membership';
import { db, type Prisma } from '@/lib/infra/db';
import { isFailedRefund, type ProviderRefund } from '@/lib/infra/payments/refunds';
import { applyRefund, issueNoteIn, lockOrder, type LockedOrder, type LockedRefund } from './records';

type Tx = Prisma.TransactionClient;

/** Asks Stripe again about a refund still pending this long after it was asked for (the request has given up by then). */
export const REFUND_SETTLE_JOB = 'refund-settle';
export const SETTLE_JOB_DELAY_MS = 2 * 60_000;

/** Marks the pending refund made and does what a refund does. False when it was not pending (settled already, or dropped). */
export async function settleRefund(tx: Tx, order: LockedOrder, refund: LockedRefund, stripeRefundId: string | null): Promise<boolean> {
  const settledAt = new Date();
  const claimed = await tx.refund.updateMany({ where: { id: refund.id, status: 'pending' }, data: { status: 'succeeded', stripeRefundId, settledAt } });
  if (claimed.count !== 1) return false;
  const voucherReturnedCents = await applyRefund(tx, order, { ...refund, settledAt });
  if (order.kind === 'subscription') await endMembershipForRefund(tx, order.userId, refund.id, refund.membershipEnd ?? 'now');
  await recordAudit(tx, refund.actor, 'order.refund', order.id, {
    session_id: order.sessionId,
    refund_id: refund.id,
    product_ids: order.items.filter((i) => refund.itemIds.includes(i.id)).map((i) => i.productId),
    amount_cents: refund.amountCents,
    voucher_returned_cents: voucherReturnedCents,
    stripe_refund_id: stripeRefundId,
    membership_end: refund.membershipEnd,
  });
  // The sales figures count it now, in the transaction that settles it (Decision 083).
  await recordRefundFigures(tx, refund.id);
  await issueNoteIn(tx, order, refund);
  return true;
}

/**
 * Stripe refused the refund, or gave up on it: no money moved, so the pending
 * refund goes, its items free for another try. Safe: Stripe answers every
 * later call with this refund's idempotency key with the same refusal, and no
 * other refund ever uses that key.
 */
async function dropRefund(tx: Tx, order: LockedOrder, refund: LockedRefund, reason: string): Promise<void> {
  const dropped = await tx.refund.deleteMany({ where: { id: refund.id, status: 'pending' } });
  if (dropped.count === 1)
    await recordAudit(tx, refund.actor, 'order.refund_refused', order.id, { refund_id: refund.id, amount_cents: refund.amountCents, reason });
}

export type Settlement = 'settled' | 'dropped' | 'unchanged';

/** Brings the shop's refund `refundId` in line with what Stripe says of it (its refund, or its refusal). */
export async function settleFromProvider(refundId: string, word: { refund: ProviderRefund } | { refusal: string }): Promise<Settlement> {
  const row = await db().refund.findUnique({ where: { id: refundId }, select: { orderId: true } });
  if (!row) return 'unchanged';
  return db().$transaction(async (tx) => {
    const order = await lockOrder(tx, row.orderId);
    const refund = order.refunds.find((r) => r.id === refundId);
    if (!refund) return 'unchanged';
    if ('refusal' in word || isFailedRefund(word.refund)) {
      const reason = 'refusal' in word ? word.refusal : `Stripe reports the refund ${word.refund.id} ${word.refund.status}`;
      // Settled already: the items stay ended; the owner must sort out the money with Stripe.
      if (refund.status !== 'pending') {
        console.warn(`[refunds] ${refundId} was settled, but ${reason}`);
        await recordAudit(tx, 'stripe', 'order.refund_failed_after_settling', order.id, { refund_id: refundId, reason });
        return 'unchanged';
      }
      await dropRefund(tx, order, refund, reason);
      return 'dropped';
    }
    return (await settleRefund(tx, order, refund, word.refund.id)) ? 'settled' : 'unchanged';
  });
}
