// The stand-in's money: each successful payment is a PaymentIntent with one
// charge; refunds are capped at what is left of it and carry their metadata;
// subscriptions can be cancelled or stop renewing; a subscription's invoices
// are paid by PaymentIntents of their own and list them as their payments
// (an includable field, as in Stripe), and invoice payments can be looked up
// by PaymentIntent.
import { asInteger, asMetadata, asRecord, asString, list, notFound, randomId, StripeError, type FormBody } from './stripe-stand-in-wire';

export type StandInCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  livemode: false;
};

export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
};

export type StandInSubscription = {
  id: string;
  object: 'subscription';
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_end: number; price: { recurring: { interval: 'month' | 'year' } } }[] };
};

/** An invoice as events carry it: its payments are only in a retrieve that expands them. */
export type StandInInvoice = {
  id: string;
  object: 'invoice';
  billing_reason: string;
  amount_paid: number;
  currency: string;
  customer_email: string | null;
  status: 'paid';
  status_transitions: { paid_at: number };
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
};

type Stored = { invoice: StandInInvoice; paymentIntent: string };

export function createBilling(nowSeconds: () => number) {
  const charges = new Map<string, StandInCharge>();
  const refunds: StandInRefund[] = [];
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, Stored>();

  /** A successful card payment of `amount`: a new PaymentIntent with its one charge. */
  function pay(amount: number, currency: string): string {
    const paymentIntent = randomId('pi_', 24);
    const charge: StandInCharge = {
      id: randomId('ch_', 24),
      object: 'charge',
      amount,
      amount_refunded: 0,
      currency,
      payment_intent: paymentIntent,
      refunded: false,
      livemode: false,
    };
    charges.set(paymentIntent, charge);
    return paymentIntent;
  }

  function chargeOrThrow(paymentIntentId: string): StandInCharge {
    const charge = charges.get(paymentIntentId);
    if (!charge) throw notFound('payment_intent', paymentIntentId, 'payment_intent');
    return charge;
  }

  /** Stripe refunds at most what is left of the charge; no amount means all of it. */
  function refund(charge: StandInCharge, amount: number | undefined, reason: string | null, metadata: Record<string, string>): StandInRefund {
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) throw new StripeError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const cents = amount ?? left;
    if (cents < 1) throw new StripeError(400, 'invalid_request_error', 'Invalid positive integer', 'amount');
    if (cents > left) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount ($${(cents / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
      );
    }
    charge.amount_refunded += cents;
    charge.refunded = charge.amount_refunded === charge.amount;
    const made: StandInRefund = {
      id: randomId('re_', 24),
      object: 'refund',
      amount: cents,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason,
      metadata,
      status: 'succeeded',
      created: nowSeconds(),
    };
    refunds.push(made);
    return made;
  }

  function createRefund(body: FormBody): StandInRefund {
    const paymentIntent = asString(body.payment_intent, 'payment_intent');
    const chargeId = asString(body.charge, 'charge');
    if (!paymentIntent && !chargeId) throw new StripeError(400, 'invalid_request_error', 'One of `charge` or `payment_intent` is required.', 'payment_intent');
    const charge = paymentIntent ? chargeOrThrow(paymentIntent) : [...charges.values()].find((c) => c.id === chargeId);
    if (!charge) throw notFound('charge', chargeId ?? '', 'charge');
    return refund(charge, asInteger(body.amount, 'amount'), asString(body.reason, 'reason') ?? null, asMetadata(body.metadata));
  }

  /** GET /v1/refunds?payment_intent=… or ?charge=…: newest first, as Stripe lists. */
  function listRefunds(query: FormBody) {
    const paymentIntent = asString(query.payment_intent, 'payment_intent');
    const charge = asString(query.charge, 'charge');
    const found = refunds.filter((r) => (!paymentIntent || r.payment_intent === paymentIntent) && (!charge || r.charge === charge));
    return list([...found].reverse(), '/v1/refunds');
  }

  function subscriptionOrThrow(id: string): StandInSubscription {
    const sub = subscriptions.get(id);
    if (!sub) throw notFound('subscription', id);
    return sub;
  }

  function addSubscription(input: { userId: string; interval: 'month' | 'year'; currentPeriodEnd: Date; status?: string; metadata?: Record<string, string> }) {
    const sub: StandInSubscription = {
      id: randomId('sub_', 24),
      object: 'subscription',
      status: input.status ?? 'active',
      cancel_at_period_end: false,
      metadata: { user_id: input.userId, plan_interval: input.interval, ...input.metadata },
      items: {
        object: 'list',
        data: [
          {
            id: randomId('si_', 14),
            current_period_end: Math.floor(input.currentPeriodEnd.getTime() / 1000),
            price: { recurring: { interval: input.interval } },
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  /** The subscription bills a period and the card pays it: the invoice, as invoice.paid carries it. */
  function payInvoice(subscriptionId: string, input: { amount: number; billingReason?: string; paidAt?: Date }): StandInInvoice {
    const sub = subscriptionOrThrow(subscriptionId);
    const invoice: StandInInvoice = {
      id: randomId('in_', 24),
      object: 'invoice',
      billing_reason: input.billingReason ?? 'subscription_cycle',
      amount_paid: input.amount,
      currency: 'aud',
      customer_email: null,
      status: 'paid',
      status_transitions: { paid_at: Math.floor((input.paidAt?.getTime() ?? nowSeconds() * 1000) / 1000) },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
    };
    invoices.set(invoice.id, { invoice, paymentIntent: pay(input.amount, 'aud') });
    return invoice;
  }

  const invoicePayment = ({ invoice, paymentIntent }: Stored, expandInvoice: boolean) => ({
    id: `inpay_${invoice.id.slice(3)}`,
    object: 'invoice_payment',
    status: 'paid',
    amount_paid: invoice.amount_paid,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    invoice: expandInvoice ? invoice : invoice.id,
  });

  function route(method: string, path: string, body: FormBody): { payload: unknown } | null {
    if (method === 'POST' && path === '/v1/refunds') return { payload: createRefund(body) };
    if (method === 'GET' && path === '/v1/refunds') return { payload: listRefunds(body) };
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const wanted = asString(asRecord(body.payment).payment_intent, 'payment[payment_intent]', true);
      const found = [...invoices.values()].filter((s) => s.paymentIntent === wanted);
      return {
        payload: list(
          found.map((s) => invoicePayment(s, true)),
          path,
        ),
      };
    }
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (method === 'GET' && invoice) {
      const stored = invoices.get(decodeURIComponent(invoice[1]));
      if (!stored) throw notFound('invoice', invoice[1]);
      return { payload: { ...stored.invoice, payments: list([invoicePayment(stored, false)], `/v1/invoices/${stored.invoice.id}/payments`) } };
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (!subscription) return null;
    const sub = subscriptionOrThrow(decodeURIComponent(subscription[1]));
    if (method === 'GET') return { payload: sub };
    if (method === 'DELETE') {
      sub.status = 'canceled';
      return { payload: sub };
    }
    if (method === 'POST') {
      const cancel = asString(body.cancel_at_period_end, 'cancel_at_period_end');
      if (cancel !== undefined) sub.cancel_at_period_end = cancel === 'true';
      return { payload: sub };
    }
    return null;
  }

  return {
    charges,
    refunds,
    subscriptions,
    pay,
    chargeOrThrow,
    refund,
    addSubscription,
    payInvoice,
    /** The invoice's PaymentIntent (the test's view of what Stripe knows). */
    invoicePaymentIntent: (invoiceId: string) => invoices.get(invoiceId)?.paymentIntent ?? null,
    route,
  };
}
