// The stand-in's Checkout: coupons, and Checkout Sessions created, retrieved,
// expired, paid or lapsed on the test's word. A paid one-off session gets a
// PaymentIntent with its charge; a paid subscription-mode session starts the
// subscription and pays its first invoice (stripe-stand-in-billing.ts).
import type { createBilling } from './stripe-stand-in-billing';
import { asInteger, asList, asMetadata, asRecord, asString, notFound, randomId, StripeError, type FormBody } from './stripe-stand-in-wire';

export type StandInSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  discounts: { coupon: string }[];
  expires_at: number;
  line_items_sent: { quantity: number; price_data: { currency: string; unit_amount: number; product_data: { name: string } } }[];
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  url: string | null;
  /** Subscription mode, once paid: the subscription and its first invoice. */
  subscription: string | null;
  invoice: string | null;
};

export type StandInCoupon = {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: string;
  max_redemptions: number | null;
  name: string | null;
  times_redeemed: number;
  valid: boolean;
  created: number;
  livemode: false;
};

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const MIN_CHARGE_CENTS = 50;

export function createCheckout(nowSeconds: () => number, billing: ReturnType<typeof createBilling>) {
  const sessions = new Map<string, StandInSession>();
  const coupons = new Map<string, StandInCoupon>();

  function createCoupon(body: FormBody): StandInCoupon {
    const amountOff = asInteger(body.amount_off, 'amount_off');
    const percentOff = body.percent_off === undefined ? undefined : Number(asString(body.percent_off, 'percent_off'));
    if ((amountOff === undefined) === (percentOff === undefined)) {
      throw new StripeError(400, 'invalid_request_error', 'You must pass either amount_off or percent_off.', 'amount_off');
    }
    if (amountOff !== undefined && amountOff < 1) throw new StripeError(400, 'invalid_request_error', 'Invalid positive integer', 'amount_off');
    const currency = asString(body.currency, 'currency');
    if (amountOff !== undefined && !currency)
      throw new StripeError(400, 'invalid_request_error', 'You must pass currency when passing amount_off.', 'currency');
    const name = asString(body.name, 'name');
    if (name && name.length > 40) throw new StripeError(400, 'invalid_request_error', 'Name must be at most 40 characters.', 'name');
    const maxRedemptions = asInteger(body.max_redemptions, 'max_redemptions');
    const coupon: StandInCoupon = {
      id: asString(body.id, 'id') ?? randomId('', 8),
      object: 'coupon',
      amount_off: amountOff ?? null,
      percent_off: percentOff ?? null,
      currency: currency ?? null,
      duration: asString(body.duration, 'duration') ?? 'once',
      max_redemptions: maxRedemptions ?? null,
      name: name ?? null,
      times_redeemed: 0,
      valid: true,
      created: nowSeconds(),
      livemode: false,
    };
    coupons.set(coupon.id, coupon);
    return coupon;
  }

  function createSession(body: FormBody): StandInSession {
    const mode = asString(body.mode, 'mode', true) as string;
    if (!['payment', 'subscription', 'setup'].includes(mode)) throw new StripeError(400, 'invalid_request_error', `Invalid mode: ${mode}`, 'mode');
    const successUrl = asString(body.success_url, 'success_url') ?? null;
    const cancelUrl = asString(body.cancel_url, 'cancel_url') ?? null;
    for (const [param, url] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const) {
      if (url !== null && !/^https?:\/\/[^/]/.test(url)) throw new StripeError(400, 'invalid_request_error', 'Not a valid URL', param, 'url_invalid');
    }
    const currency = asString(body.currency, 'currency');
    const lines = asList(body.line_items, 'line_items').map((raw, i) => {
      const item = asRecord(raw);
      const priceData = asRecord(item.price_data);
      const lineCurrency = asString(priceData.currency, `line_items[${i}][price_data][currency]`, true) as string;
      if (currency && lineCurrency !== currency) {
        throw new StripeError(
          400,
          'invalid_request_error',
          'All line items must have the same currency as the session.',
          `line_items[${i}][price_data][currency]`,
        );
      }
      const unitAmount = asInteger(priceData.unit_amount, `line_items[${i}][price_data][unit_amount]`, true) as number;
      if (unitAmount < 0) throw new StripeError(400, 'invalid_request_error', 'Invalid non-negative integer', `line_items[${i}][price_data][unit_amount]`);
      const name = asString(asRecord(priceData.product_data).name, `line_items[${i}][price_data][product_data][name]`, true) as string;
      const quantity = asInteger(item.quantity, `line_items[${i}][quantity]`, true) as number;
      return { quantity, price_data: { currency: lineCurrency, unit_amount: unitAmount, product_data: { name } } };
    });
    if (mode === 'payment' && lines.length === 0)
      throw new StripeError(400, 'invalid_request_error', 'Missing required param: line_items.', 'line_items', 'parameter_missing');
    const created = nowSeconds();
    const expiresAt = asInteger(body.expires_at, 'expires_at') ?? created + MAX_EXPIRY_SECONDS;
    if (expiresAt - created < MIN_EXPIRY_SECONDS) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    }
    if (expiresAt - created > MAX_EXPIRY_SECONDS) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const discounts = asList(body.discounts, 'discounts').map((raw, i) => {
      const couponId = asString(asRecord(raw).coupon, `discounts[${i}][coupon]`, true) as string;
      const coupon = coupons.get(couponId);
      if (!coupon) throw new StripeError(400, 'invalid_request_error', `No such coupon: '${couponId}'`, `discounts[${i}][coupon]`, 'resource_missing');
      if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
        throw new StripeError(400, 'invalid_request_error', `Coupon ${couponId} has reached its maximum redemptions.`, `discounts[${i}][coupon]`);
      }
      return coupon;
    });
    const subtotal = lines.reduce((sum, l) => sum + l.price_data.unit_amount * l.quantity, 0);
    const discount = Math.min(
      subtotal,
      discounts.reduce((sum, c) => sum + (c.amount_off ?? Math.round((subtotal * (c.percent_off ?? 0)) / 100)), 0),
    );
    // Stripe's minimum charge (50 cents in AUD, USD and most currencies): a total of 0 is free, 1–49 is refused.
    if (mode === 'payment' && subtotal - discount > 0 && subtotal - discount < MIN_CHARGE_CENTS) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `The Checkout Session's total amount due must add up to at least $0.50 ${currency ?? 'usd'}`,
        undefined,
        'amount_too_small',
      );
    }
    for (const coupon of discounts) coupon.times_redeemed += 1;
    const id = randomId('cs_test_a1', 56);
    const metadata = asMetadata(body.metadata);
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      cancel_url: cancelUrl,
      client_reference_id: asString(body.client_reference_id, 'client_reference_id') ?? null,
      created,
      currency: currency ?? lines[0]?.price_data.currency ?? 'usd',
      customer_details: null,
      customer_email: asString(body.customer_email, 'customer_email') ?? null,
      discounts: discounts.map((c) => ({ coupon: c.id })),
      expires_at: expiresAt,
      line_items_sent: lines,
      livemode: false,
      metadata,
      mode,
      payment_intent: null,
      payment_status: subtotal - discount === 0 ? 'no_payment_required' : 'unpaid',
      status: 'open',
      success_url: successUrl,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      url: `https://checkout.stripe.com/c/pay/${id}#stand-in`,
      subscription: null,
      invoice: null,
    };
    sessions.set(id, session);
    return session;
  }

  function sessionOrThrow(id: string): StandInSession {
    const session = sessions.get(id);
    if (!session) throw notFound('checkout.session', id, 'session');
    return session;
  }

  function publicSession(session: StandInSession) {
    const { line_items_sent: _lines, ...rest } = session;
    return rest;
  }

  function route(method: string, path: string, body: FormBody): { payload: unknown } | null {
    if (method === 'POST' && path === '/v1/coupons') return { payload: createCoupon(body) };
    if (method === 'POST' && path === '/v1/checkout/sessions') return { payload: publicSession(createSession(body)) };
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) return { payload: publicSession(sessionOrThrow(decodeURIComponent(retrieve[1]))) };
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessionOrThrow(decodeURIComponent(expire[1]));
      if (session.status !== 'open') {
        throw new StripeError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      }
      session.status = 'expired';
      session.url = null;
      return { payload: publicSession(session) };
    }
    return null;
  }

  function markPaid(sessionId: string, email = 'buyer@example.com'): StandInSession {
    const session = sessionOrThrow(sessionId);
    session.status = 'complete';
    session.payment_status = session.amount_total === 0 ? 'no_payment_required' : 'paid';
    session.customer_details = { email: session.customer_email ?? email };
    session.url = null;
    if (session.mode === 'subscription') {
      // The subscription starts, and its first invoice is paid by a PaymentIntent of its own.
      const interval = session.metadata.plan_interval === 'year' ? 'year' : 'month';
      const sub = billing.addSubscription({
        userId: session.metadata.user_id ?? '',
        interval,
        currentPeriodEnd: new Date(Date.now() + (interval === 'year' ? 365 : 30) * 86_400_000),
        metadata: session.metadata,
      });
      session.subscription = sub.id;
      session.invoice = billing.payInvoice(sub.id, { amount: session.amount_total, billingReason: 'subscription_create' }).id;
      return session;
    }
    session.payment_intent = session.amount_total > 0 ? billing.pay(session.amount_total, session.currency) : randomId('pi_', 24);
    return session;
  }

  function markExpired(sessionId: string): StandInSession {
    const session = sessionOrThrow(sessionId);
    session.status = 'expired';
    session.url = null;
    return session;
  }

  return { sessions, coupons, publicSession, route, markPaid, markExpired };
}
