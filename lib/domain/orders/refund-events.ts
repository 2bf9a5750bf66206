// Stripe's word on money that left an order without the back office:
// charge.refunded (a refund made in Stripe's dashboard; card disputes are in
// disputes.ts). It compares with what the shop has recorded under the order's
// lock, so a replayed or late event, or the echo of the shop's own refund,
// changes nothing (Decision 067).
import 'server-only';
import { kickJobs } from '@/lib/domain/jobs';
import { db } from '@/lib/infra/db';
import { lockOrder, recordRefund, type LockedOrder } from './refund-records';

export type ChargeObject = {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded?: boolean | null;
  payment_intent?: string | { id: string } | null;
};

export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export async function orderOfPaymentIntent(paymentIntentId: string | null): Promise<string | null> {
  if (!paymentIntentId) return null;
  const order = await db().order.findUnique({ where: { paymentIntentId }, select: { id: true } });
  return order?.id ?? null;
}

/**
 * Items a refund from elsewhere ends. A full refund ends every item left. A
 * partial one ends items whose whole share the money refunded from elsewhere
 * (this and earlier such refunds, less what their items carried) covers,
 * cheapest first; money that covers no whole item is recorded and ends nothing.
 */
function itemsCoveredBy(order: LockedOrder, outsideCents: number, full: boolean): string[] {
  const left = order.items.filter((i) => !i.refundedAt);
  if (full) return left.map((i) => i.id);
  const share = (id: string) => order.shares.get(id)?.cashCents ?? 0;
  const earlier = order.refunds.filter((r) => r.source === 'stripe_refund');
  let credit = outsideCents + earlier.reduce((sum, r) => sum + r.amountCents - r.itemIds.reduce((s, id) => s + share(id), 0), 0);
  const ended: string[] = [];
  for (const item of [...left].sort((a, b) => share(a.id) - share(b.id) || a.id.localeCompare(b.id))) {
    if (share(item.id) > credit) break;
    credit -= share(item.id);
    ended.push(item.id);
  }
  return ended;
}

/** charge.refunded: returns false when the charge is not an order's (a membership invoice, another shop). */
export async function recordChargeRefunded(charge: ChargeObject): Promise<boolean> {
  const orderId = await orderOfPaymentIntent(idOf(charge.payment_intent));
  if (!orderId) return false;
  const recorded = await db().$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    // Disputes are not refunds: only refunds count towards amount_refunded.
    const known = order.refunds.filter((r) => r.source !== 'dispute').reduce((sum, r) => sum + r.amountCents, 0);
    const outside = charge.amount_refunded - known;
    if (outside <= 0) return false;
    const full = charge.refunded === true || charge.amount_refunded >= charge.amount;
    await recordRefund(tx, order, {
      source: 'stripe_refund',
      amountCents: outside,
      itemIds: itemsCoveredBy(order, outside, full),
      // One row per cumulative amount: a replay of this very event cannot record it again.
      stripeRefundId: `${charge.id}:${charge.amount_refunded}`,
      actor: 'stripe',
    });
    return true;
  });
  if (recorded) kickJobs();
  return true;
}
