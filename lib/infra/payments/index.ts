import 'server-only';
import Stripe from 'stripe';
import { env } from '@/lib/env';

// Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test payment
// mode (a local page that completes or cancels a session).
export type PaymentMode = 'stripe' | 'test';

export function paymentMode(): PaymentMode {
  return env().STRIPE_SECRET_KEY ? 'stripe' : 'test';
}

const globalForStripe = globalThis as unknown as { shopStripe?: Stripe };

/** The Stripe client; only call in stripe mode (the SDK throws without a key). */
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
        ? { host: host.hostname, port: Number(host.port || (host.protocol === 'https:' ? 443 : 80)), protocol: host.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
  }
  return globalForStripe.shopStripe;
}
