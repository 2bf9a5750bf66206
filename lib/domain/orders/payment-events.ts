// Payment-provider events (Stripe webhooks), verified by the route before they
// get here. Each event id is handled at most once; handling itself is
// idempotent too, so concurrent duplicates of one event are harmless.
import 'server-only';
import { db } from '@/lib/infra/db';
import { expireOrder, failOrderPayment, fulfilOrder } from './fulfilment';
import { handleMembershipEvent } from './membership-events';
import { recordDispute, recordDisputeClosed, type DisputeObject } from '@/lib/domain/refunds';
import { recordChargeRefunded, recordRefundEvent, type ChargeObject, type RefundObject } from '@/lib/domain/refunds';

export type CheckoutSessionObject = {
  id: string;
  mode?: string | null;
  payment_status?: string | null;
  customer_details?: { email?: string | null; name?: string | null } | null;
  customer_email?: string | null;
  payment_intent?: string | { id: string } | null;
};

export type PaymentEvent = { id: string; type: string; data: { object: unknown } };

type Outcome = 'processed' | 'duplicate' | 'ignored';

/** A single refund's events: they name the shop's refund in their metadata (optional to subscribe to; charge.refunded suffices). */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed']);

export async function handlePaymentEvent(event: PaymentEvent): Promise<Outcome> {
  if (await db().paymentEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return 'duplicate';
  const handled = await dispatch(event);
  // Recorded after the work so that a failure is retried by the provider.
  await db().paymentEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
  return handled ? 'processed' : 'ignored';
}

async function dispatch(event: PaymentEvent): Promise<boolean> {
  if (await handleMembershipEvent(event)) return true;
  if (event.type === 'charge.refunded') return recordChargeRefunded(event.data.object as ChargeObject);
  if (REFUND_EVENTS.has(event.type)) return recordRefundEvent(event.data.object as RefundObject);
  if (event.type === 'charge.dispute.created') return recordDispute(event.data.object as DisputeObject);
  if (event.type === 'charge.dispute.closed') return recordDisputeClosed(event.data.object as DisputeObject);
  if (!event.type.startsWith('checkout.session.')) return false;
  const session = event.data.object as CheckoutSessionObject;
  if (session.mode && session.mode !== 'payment') return false;
  const email = session.customer_details?.email ?? session.customer_email ?? null;
  const customerName = session.customer_details?.name ?? null;
  const paymentIntentId = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  switch (event.type) {
    case 'checkout.session.completed':
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
        await fulfilOrder(session.id, { paymentStatus: session.payment_status, customerEmail: email, customerName, paymentIntentId });
      }
      return true;
    case 'checkout.session.async_payment_succeeded':
      await fulfilOrder(session.id, { paymentStatus: 'paid', customerEmail: email, customerName, paymentIntentId });
      return true;
    case 'checkout.session.async_payment_failed':
      await failOrderPayment(session.id);
      return true;
    case 'checkout.session.expired':
      await expireOrder(session.id);
      return true;
    default:
      return false;
  }
}
