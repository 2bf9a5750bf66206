// Card disputes, from Stripe's events. charge.dispute.created suspends the
// whole order while the card issuer decides; charge.dispute.closed ends it:
// won (or an inquiry closed without a chargeback) gives the items back, lost
// keeps them ended and, as a refund would, returns a gift card's share of the
// discount. Each is recorded once under the order's lock, so replays change
// nothing, and a close that arrives without its opening (missed, or out of
// order) is recorded as both, so a late opening event cannot suspend a
// settled order (Decision 067). A disputed membership payment ends the
// membership at once; winning the dispute restores it (Decision 075).
import 'server-only';
import { recordRefundFigures } from '@/lib/domain/insights';
import { enqueue, kickJobs } from '@/lib/domain/jobs';
import { restoreMembershipAfterDispute, suspendMembershipForDispute } from '@/lib/domain/membership';
import { db, type DisputeOutcome } from '@/lib/infra/db';
import { idOf, orderOfPaymentIntent } from './payment-intents';
import { issueNoteIn, lockOrder, recordRefund, REFUND_EMAIL_JOB, returnVoucherShare, type LockedOrder } from './records';

export type DisputeObject = {
  id: string;
  amount: number;
  status?: string | null;
  charge?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
};

/** Stripe's closed statuses: an inquiry (warning_*) that closes never took the money. */
const OUTCOMES: Record<string, DisputeOutcome> = { won: 'won', warning_closed: 'won', lost: 'lost' };

const itemsLeft = (order: LockedOrder) => order.items.filter((i) => !i.refundedAt).map((i) => i.id);

/** charge.dispute.created: the whole order's access is suspended and the dispute recorded, once. */
export async function recordDispute(dispute: DisputeObject): Promise<boolean> {
  const orderId = await orderOfPaymentIntent(idOf(dispute.payment_intent));
  if (!orderId) return false;
  const recorded = await db().$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.refunds.some((r) => r.stripeDisputeId === dispute.id)) return false;
    const { id } = await recordRefund(tx, order, {
      source: 'dispute',
      amountCents: dispute.amount,
      itemIds: itemsLeft(order),
      stripeDisputeId: dispute.id,
      actor: 'stripe',
    });
    if (order.kind === 'subscription') await suspendMembershipForDispute(tx, order.userId, id);
    return true;
  });
  if (recorded) kickJobs();
  return true;
}

/** charge.dispute.closed: returns false for a charge that is no order's or a status that settles nothing. */
export async function recordDisputeClosed(dispute: DisputeObject): Promise<boolean> {
  const outcome = OUTCOMES[dispute.status ?? ''];
  if (!outcome) return false;
  const orderId = await orderOfPaymentIntent(idOf(dispute.payment_intent));
  if (!orderId) return false;
  const recorded = await db().$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const opened = order.refunds.find((r) => r.stripeDisputeId === dispute.id);
    if (opened?.disputeOutcome) return false;
    const { id, itemIds } =
      opened ??
      (await recordRefund(tx, order, {
        source: 'dispute',
        amountCents: dispute.amount,
        itemIds: outcome === 'lost' ? itemsLeft(order) : [],
        stripeDisputeId: dispute.id,
        actor: 'stripe',
        quiet: true,
      }));
    // Items a refund took over meanwhile are that refund's: it has ended them and given their share back.
    const suspended = order.items.filter((i) => itemIds.includes(i.id) && (!opened || i.refundId === id)).map((i) => i.id);
    if (outcome === 'won') {
      // The items stay linked to the dispute as its record; only their end is lifted.
      await tx.orderItem.updateMany({ where: { refundId: id, id: { in: suspended } }, data: { refundedAt: null } });
      if (order.kind === 'subscription') await restoreMembershipAfterDispute(tx, order.userId, id);
    } else {
      await returnVoucherShare(tx, order, id, suspended);
      if (order.kind === 'subscription' && !opened) await suspendMembershipForDispute(tx, order.userId, id);
    }
    await tx.refund.update({ where: { id }, data: { disputeOutcome: outcome, resolvedAt: new Date() } });
    await recordRefundFigures(tx, id);
    await enqueue(tx, REFUND_EMAIL_JOB, { refundId: id, outcome }, { key: `${id}:${outcome}` });
    // The money went back: the sale gets its adjustment note now, numbered last.
    if (outcome === 'lost') await issueNoteIn(tx, order, { id, amountCents: opened?.amountCents ?? dispute.amount });
    return true;
  });
  if (recorded) kickJobs();
  return true;
}
