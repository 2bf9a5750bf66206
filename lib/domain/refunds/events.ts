// Stripe's word on money that left an order: charge.refunded, and the
// refund.* events of a single refund (card disputes are in disputes.ts).
// Refunds the shop asked for are told apart by their own id in the refund's
// metadata and settled on exactly their chosen items; only what is left over
// is a refund made elsewhere (Stripe's dashboard). Everything is compared with
// what the shop has recorded under the order's lock, so a replayed or late
// event changes nothing (Decisions 067, 075).
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { kickJobs } from '@/lib/domain/jobs';
import { db } from '@/lib/infra/db';
import { listProviderRefunds, toProviderRefund, type ProviderRefund } from '@/lib/infra/payments/refunds';
import { idOf, orderOfPaymentIntent } from './payment-intents';
import { lockOrder, recordRefund, refundedCents, reservedItemIds, type LockedOrder } from './records';
import { settleFromProvider } from './settlement';

export type ChargeObject = {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded?: boolean | null;
  payment_intent?: string | { id: string } | null;
  /** Only in older API versions' payloads; otherwise asked of Stripe. */
  refunds?: { data?: RefundObject[] } | null;
};

export type RefundObject = {
  id: string;
  amount: number;
  status?: string | null;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id: string } | null;
};

/**
 * Items a refund from elsewhere ends. A full refund ends every item left. A
 * partial one ends items whose whole share the money refunded from elsewhere
 * (this and earlier such refunds, less what their items carried) covers,
 * cheapest first; money that covers no whole item is recorded and ends nothing.
 * Items a pending refund of the shop is waiting on are that refund's to end.
 */
function itemsCoveredBy(order: LockedOrder, outsideCents: number, full: boolean): string[] {
  const reserved = reservedItemIds(order);
  const left = order.items.filter((i) => !i.refundedAt && !reserved.has(i.id));
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

const fromEvent = (object: RefundObject): ProviderRefund =>
  toProviderRefund({ ...object, status: object.status ?? null, metadata: object.metadata ?? {}, payment_intent: idOf(object.payment_intent) });

/** The shop's own refunds among Stripe's: each settles the pending refund its metadata names. */
async function settleOwnRefunds(orderId: string, refunds: ProviderRefund[]): Promise<void> {
  for (const refund of refunds) {
    if (refund.refundId && refund.orderId === orderId) await settleFromProvider(refund.refundId, { refund });
  }
}

/** charge.refunded: returns false when the charge is no order's. */
export async function recordChargeRefunded(charge: ChargeObject): Promise<boolean> {
  const orderId = await orderOfPaymentIntent(idOf(charge.payment_intent));
  if (!orderId) return false;
  // Only when one of the shop's refunds waits: the event itself does not say which refunds it counts.
  if (await db().refund.count({ where: { orderId, status: 'pending' } })) {
    const listed = charge.refunds?.data?.map(fromEvent) ?? (await listProviderRefunds({ chargeId: charge.id }));
    await settleOwnRefunds(orderId, listed);
  }
  const recorded = await db().$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const outside = charge.amount_refunded - refundedCents(order);
    if (outside <= 0) return false;
    // Stripe's list did not show a refund the shop is still waiting on: the money may be that one's.
    // A 503 makes Stripe deliver the event again, by when the settle job has settled or dropped it.
    if (order.refunds.some((r) => r.status === 'pending'))
      throw new AppError('service_unavailable', `A pending refund of this order may account for charge ${charge.id}'s refund; deliver again later`);
    const full = charge.refunded === true || charge.amount_refunded >= charge.amount;
    await recordRefund(tx, order, {
      source: 'stripe_refund',
      amountCents: outside,
      itemIds: order.kind === 'subscription' ? [] : itemsCoveredBy(order, outside, full),
      // One row per cumulative amount: a replay of this very event cannot record it again.
      stripeRefundId: `${charge.id}:${charge.amount_refunded}`,
      actor: 'stripe',
    });
    return true;
  });
  if (recorded) kickJobs();
  return true;
}

/** refund.created / refund.updated / refund.failed: settles (or drops) the shop's refund it names; false for any other. */
export async function recordRefundEvent(object: RefundObject): Promise<boolean> {
  const refund = fromEvent(object);
  if (!refund.refundId) return false;
  const settlement = await settleFromProvider(refund.refundId, { refund });
  if (settlement !== 'unchanged') kickJobs();
  return true;
}
