import 'server-only';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { env, type PaymentMode } from '@/lib/env';

// Stripe, or the built-in test payment mode: a local page (/checkout/test/{id})
// completes or cancels the session through the same fulfilment code the Stripe
// webhook uses. lib/env.ts decides which (PAYMENT_MODE) and refuses a production
// deployment that would fall into test payments.
export type { PaymentMode };

export function paymentMode(): PaymentMode {
  return env().PAYMENT_MODE;
}

const globalForStripe = globalThis as unknown as { shopStripe?: Stripe };

/** The Stripe client; only in stripe mode (the SDK throws without a key). */
export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_API_HOST } = env();
  if (!STRIPE_SECRET_KEY) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY is unset)');
  if (!globalForStripe.shopStripe) {
    // STRIPE_API_HOST points the SDK at a stand-in server in tests, e.g. http://127.0.0.1:12111.
    const host = STRIPE_API_HOST ? new URL(STRIPE_API_HOST) : undefined;
    globalForStripe.shopStripe = new Stripe(STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(host
        ? {
            host: host.hostname,
            port: Number(host.port || (host.protocol === 'https:' ? 443 : 80)),
            protocol: host.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }
  return globalForStripe.shopStripe;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A session id shaped like Stripe's: prefix + 32 random base62 characters (≈190 bits). */
export function randomSessionId(prefix = 'cs_test_'): string {
  const bytes = randomBytes(48);
  let id = '';
  for (const byte of bytes) {
    if (byte < 248) id += BASE62[byte % 62];
    if (id.length === 32) break;
  }
  return prefix + id;
}

export type CheckoutLine = { name: string; amountCents: number };

export type PaymentSessionInput = {
  orderId: string;
  lines: CheckoutLine[];
  discountCents: number;
  discountLabel?: string;
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
};

export type PaymentSession = { id: string; url: string };

/** Opens a hosted payment page for a one-off purchase in AUD. */
export async function createPaymentSession(input: PaymentSessionInput): Promise<PaymentSession> {
  if (paymentMode() === 'test') {
    const id = randomSessionId();
    return { id, url: `${env().SITE_URL.replace(/\/+$/, '')}/checkout/test/${id}` };
  }
  const client = stripe();
  let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
  if (input.discountCents > 0) {
    // A single-use coupon shows the shopper the discount as its own line.
    const coupon = await client.coupons.create({
      amount_off: input.discountCents,
      currency: 'aud',
      duration: 'once',
      max_redemptions: 1,
      name: (input.discountLabel ?? 'Discount').slice(0, 40),
    });
    discounts = [{ coupon: coupon.id }];
  }
  const session = await client.checkout.sessions.create(
    {
      mode: 'payment',
      currency: 'aud',
      line_items: input.lines.map((line) => ({
        quantity: 1,
        price_data: { currency: 'aud', unit_amount: line.amountCents, product_data: { name: line.name.slice(0, 250) } },
      })),
      discounts,
      customer_email: input.customerEmail ?? undefined,
      client_reference_id: input.orderId,
      metadata: { order_id: input.orderId },
      payment_intent_data: { metadata: { order_id: input.orderId } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
    },
    { idempotencyKey: `checkout-${input.orderId}` },
  );
  if (!session.url) throw new Error('Stripe returned a session without a URL');
  return { id: session.id, url: session.url };
}

export type ProviderSession = {
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerEmail: string | null;
  /** Set for membership (subscription mode) sessions. */
  subscriptionId: string | null;
  /** The PaymentIntent of a paid one-off session: refunds are made against it. */
  paymentIntentId: string | null;
};

/** The provider's current view of a session (Stripe mode only). */
export async function retrievePaymentSession(id: string): Promise<ProviderSession> {
  const session = await stripe().checkout.sessions.retrieve(id);
  return toProviderSession(session);
}

export function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  return {
    status: (session.status ?? 'open') as ProviderSession['status'],
    paymentStatus: session.payment_status as ProviderSession['paymentStatus'],
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    subscriptionId: typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null),
    paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  };
}

/** Best effort: a session we no longer want should not stay payable. */
export async function expirePaymentSession(id: string): Promise<void> {
  if (paymentMode() === 'test') return;
  try {
    await stripe().checkout.sessions.expire(id);
  } catch (error) {
    console.warn('[payments] could not expire session', id, error instanceof Error ? error.message : error);
  }
}

/** Verifies a webhook's signature over the exact raw body; throws when it does not match. */
export function verifyWebhookEvent(rawBody: string, signature: string): Stripe.Event {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export type { Stripe };
