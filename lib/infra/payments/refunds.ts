import 'server-only';
import Stripe from 'stripe';
import { stripe } from './index';

// Refunds at Stripe. Each refund the shop asks for carries its own id in its
// metadata (refund_id) and an idempotency key made from it, so a retry,
// whoever makes it, replays the same refund, and a webhook or a later look-up
// can tell which of the shop's refunds a Stripe refund is (Decision 075).

export type ProviderRefund = {
  id: string;
  amountCents: number;
  /** Stripe's: pending, requires_action, succeeded, failed or canceled. */
  status: string;
  /** The shop's refund id, from the metadata the shop set; null for a refund made elsewhere. */
  refundId: string | null;
  orderId: string | null;
  paymentIntentId: string | null;
};

/** Stripe answered that it will not make this refund (a card or request error): nothing was refunded. */
export class ProviderRefusal extends Error {
  name = 'ProviderRefusal';
}

/** A refund Stripe gave up on: the money did not go back. */
export const isFailedRefund = (refund: { status: string }) => refund.status === 'failed' || refund.status === 'canceled';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export function toProviderRefund(refund: Pick<Stripe.Refund, 'id' | 'amount' | 'status' | 'metadata' | 'payment_intent'>): ProviderRefund {
  return {
    id: refund.id,
    amountCents: refund.amount,
    status: refund.status ?? 'pending',
    refundId: refund.metadata?.refund_id ?? null,
    orderId: refund.metadata?.order_id ?? null,
    paymentIntentId: idOf(refund.payment_intent),
  };
}

/**
 * Refunds `amountCents` of a PaymentIntent. Throws ProviderRefusal when Stripe
 * refuses; any other error (no answer, a timeout, Stripe's own failure, a
 * concurrent request with the same key) leaves the outcome unknown.
 */
export async function createProviderRefund(input: {
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
  metadata: { order_id: string; refund_id: string };
}): Promise<ProviderRefund> {
  try {
    const refund = await stripe().refunds.create(
      { payment_intent: input.paymentIntentId, amount: input.amountCents, reason: 'requested_by_customer', metadata: input.metadata },
      { idempotencyKey: input.idempotencyKey },
    );
    return toProviderRefund(refund);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new ProviderRefusal(error.message);
    }
    throw error;
  }
}

/** The refunds of a PaymentIntent or of a charge, newest first (a charge has few: the first 100 are all of them). */
export async function listProviderRefunds(of: { paymentIntentId: string } | { chargeId: string }): Promise<ProviderRefund[]> {
  const filter = 'chargeId' in of ? { charge: of.chargeId } : { payment_intent: of.paymentIntentId };
  const page = await stripe().refunds.list({ ...filter, limit: 100 });
  return page.data.map(toProviderRefund);
}
