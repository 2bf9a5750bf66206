import 'server-only';
import type Stripe from 'stripe';
import { stripe } from './index';

// Stripe subscriptions for the membership: AUD recurring prices created inline
// (no dashboard set-up), an optional first-period discount (an amount, so Stripe charges
// exactly the shop's price), and state read
// back from Stripe whenever anything changes.

export type SubscriptionInput = {
  orderId: string;
  userId: string;
  email: string;
  interval: 'month' | 'year';
  planName: string;
  amountCents: number;
  /** Off the first period only, in cents: exactly what the shop's order says it costs. */
  discountCents: number;
  successUrl: string;
  cancelUrl: string;
};

export async function createSubscriptionSession(input: SubscriptionInput): Promise<{ id: string; url: string }> {
  const client = stripe();
  const discounts =
    input.discountCents > 0
      ? [
          {
            coupon: (
              await client.coupons.create({
                amount_off: input.discountCents,
                currency: 'aud',
                duration: 'once',
                max_redemptions: 1,
                name: 'Membership promotion',
              })
            ).id,
          },
        ]
      : undefined;
  const metadata = { order_id: input.orderId, user_id: input.userId, plan_interval: input.interval };
  const session = await client.checkout.sessions.create(
    {
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'aud', unit_amount: input.amountCents, recurring: { interval: input.interval }, product_data: { name: input.planName } },
        },
      ],
      discounts,
      customer_email: input.email,
      client_reference_id: input.orderId,
      metadata,
      subscription_data: { metadata },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    { idempotencyKey: `subscribe-${input.orderId}` },
  );
  if (!session.url) throw new Error('Stripe returned a session without a URL');
  return { id: session.id, url: session.url };
}

export type SubscriptionState = {
  id: string;
  userId: string | null;
  status: string;
  interval: 'month' | 'year';
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

function periodEnd(sub: Stripe.Subscription): number {
  // Newer API versions keep the period on the subscription item.
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  return legacy ?? sub.items.data[0]?.current_period_end ?? 0;
}

export async function retrieveSubscription(id: string): Promise<SubscriptionState> {
  const sub = await stripe().subscriptions.retrieve(id);
  const interval = sub.items.data[0]?.price?.recurring?.interval === 'year' ? 'year' : 'month';
  return {
    id: sub.id,
    userId: typeof sub.metadata?.user_id === 'string' ? sub.metadata.user_id : null,
    status: sub.status,
    interval,
    currentPeriodEnd: new Date(periodEnd(sub) * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

export async function setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<void> {
  await stripe().subscriptions.update(id, { cancel_at_period_end: cancel });
}

/** Ends the subscription now (no further invoices, no proration). Already cancelled counts as done. */
export async function cancelSubscriptionNow(id: string): Promise<void> {
  const sub = await stripe().subscriptions.retrieve(id);
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
  await stripe().subscriptions.cancel(id);
}
