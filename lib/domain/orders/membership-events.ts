// Stripe events that concern the membership. Whatever the event says, the
// subscription is re-read from Stripe and stored as it is now, so duplicate,
// late or out-of-order events all converge on the same state. Here rather
// than in membership because a paid membership checkout fulfils its order.
import 'server-only';
import { syncStripeSubscription } from '@/lib/domain/membership';
import { fulfilOrder } from './fulfilment';
import { recordMembershipRenewal } from './membership-payments';

type StripeObject = {
  id: string;
  mode?: string | null;
  payment_status?: string | null;
  subscription?: string | { id: string } | null;
  customer_details?: { email?: string | null } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  // Invoices
  billing_reason?: string | null;
  amount_paid?: number | null;
  currency?: string | null;
  customer_email?: string | null;
  status_transitions?: { paid_at?: number | null } | null;
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Returns true when the event was a membership event (handled), false when it is not ours. */
export async function handleMembershipEvent(event: { type: string; data: { object: unknown } }): Promise<boolean> {
  const object = event.data.object as StripeObject;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      if (object.mode !== 'subscription') return false;
      if (object.payment_status === 'paid' || object.payment_status === 'no_payment_required') {
        await fulfilOrder(object.id, { paymentStatus: object.payment_status, customerEmail: object.customer_details?.email ?? null });
      }
      const subscription = idOf(object.subscription);
      if (subscription) await syncStripeSubscription(subscription);
      return true;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncStripeSubscription(object.id);
      return true;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscription = idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription);
      if (!subscription) return true;
      await syncStripeSubscription(subscription);
      // The first period's payment is the checkout's order; renewals become orders of their own.
      if (event.type === 'invoice.paid' && object.billing_reason === 'subscription_cycle' && object.amount_paid) {
        const paidAt = object.status_transitions?.paid_at;
        await recordMembershipRenewal({
          invoiceId: object.id,
          subscriptionId: subscription,
          amountPaidCents: object.amount_paid,
          currency: object.currency ?? 'aud',
          customerEmail: object.customer_email ?? null,
          paidAt: paidAt ? new Date(paidAt * 1000) : new Date(),
        });
      }
      return true;
    }
    default:
      return false;
  }
}
