// A local stand-in for the parts of Stripe's API the shop calls: coupons,
// Checkout Sessions (create, retrieve, expire), subscriptions (retrieve) and refunds of a
// paid session's PaymentIntent (its one charge, refunds capped at what is left of it). It speaks Stripe's wire format
// (form-encoded bodies with bracketed keys, JSON objects and error envelopes,
// idempotent replays), records every request for assertions, and lets a test
// pay or expire a session, skew its clock or make it fail.
// Point the SDK at it with STRIPE_API_HOST=<url>.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormBody = { [key: string]: FormValue };

export type RecordedRequest = {
  method: string;
  path: string;
  body: FormBody;
  idempotencyKey: string | null;
  authorization: string | null;
  /** Answered from the idempotency cache rather than processed again. */
  replayed: boolean;
  status: number;
};

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

export type StandInSubscription = {
  id: string;
  object: 'subscription';
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_end: number; price: { recurring: { interval: 'month' | 'year' } } }[] };
};

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

type Failure = { status: number; remaining: number; path?: RegExp; retry: boolean };

export type StripeStandIn = {
  /** Base URL for STRIPE_API_HOST, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StandInSession>;
  coupons: Map<string, StandInCoupon>;
  subscriptions: Map<string, StandInSubscription>;
  /** A subscription as Stripe keeps it after a membership checkout (metadata.user_id set by the shop). */
  addSubscription(input: { userId: string; interval: 'month' | 'year'; currentPeriodEnd: Date; status?: string }): StandInSubscription;
  /** Refunds made through the API, in order. */
  refunds: StandInRefund[];
  /** The charge behind a paid session's PaymentIntent, as charge.refunded events carry it. */
  charge(paymentIntentId: string): StandInCharge;
  /** A refund made in Stripe's dashboard (not through the shop): the charge after it. */
  refundInDashboard(paymentIntentId: string, amountCents?: number): StandInCharge;
  /** A card dispute opened on the charge, as charge.dispute.created carries it. */
  dispute(paymentIntentId: string): {
    id: string;
    object: 'dispute';
    amount: number;
    charge: string;
    payment_intent: string;
    currency: string;
    reason: string;
    status: string;
  };
  /** The shopper pays on the hosted page. */
  markPaid(sessionId: string, email?: string): StandInSession;
  /** The session lapses unpaid (as at expires_at). */
  markExpired(sessionId: string): StandInSession;
  /**
   * Answer the next `times` matching requests (default: all until `recover`)
   * with `status`; `retry: false` sends Stripe-Should-Retry: false, which stops the SDK retrying.
   */
  fail(status: number, options?: { times?: number; path?: RegExp; retry?: boolean }): void;
  recover(): void;
  /** Stripe's clock ahead of ours by this many seconds (as after network latency or skew). */
  setClockSkew(seconds: number): void;
  /** A signed-webhook payload for a session, as Stripe would send it. */
  event(
    type: string,
    session: StandInSession | Record<string, unknown>,
  ): {
    id: string;
    object: 'event';
    type: string;
    created: number;
    livemode: false;
    api_version: string;
    pending_webhooks: number;
    data: { object: unknown };
    request: { id: null; idempotency_key: null };
  };
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
};

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const MIN_CHARGE_CENTS = 50;

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Parses `a[b][0][c]=v` form bodies into nested objects and arrays, the way Stripe does. */
export function parseStripeForm(raw: string): FormBody {
  const root: FormBody = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = [...key.matchAll(/^([^[\]]+)|\[([^[\]]*)\]/g)].map((m) => m[1] ?? m[2]);
    let node: FormBody | FormValue[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = container[part] as FormBody | FormValue[];
    });
  }
  return root;
}

const randomId = (prefix: string, length = 24) => prefix + randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);

function asString(value: FormValue | undefined, param: string, required = false): string | undefined {
  if (value === undefined) {
    if (required) throw new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, param, 'parameter_missing');
    return undefined;
  }
  if (typeof value !== 'string') throw new StripeError(400, 'invalid_request_error', `Invalid string: ${param}`, param, 'parameter_invalid_string');
  return value;
}

function asInteger(value: FormValue | undefined, param: string, required = false): number | undefined {
  const text = asString(value, param, required);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new StripeError(400, 'invalid_request_error', `Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  return Number(text);
}

function asRecord(value: FormValue | undefined): Record<string, FormValue> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function asList(value: FormValue | undefined, param: string): FormValue[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new StripeError(400, 'invalid_request_error', `Invalid array: ${param}`, param);
  return value;
}

export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const coupons = new Map<string, StandInCoupon>();
  const subscriptions = new Map<string, StandInSubscription>();
  const charges = new Map<string, StandInCharge>();
  const refunds: StandInRefund[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let failures: Failure[] = [];
  let skewSeconds = 0;
  const nowSeconds = () => Math.floor(Date.now() / 1000) + skewSeconds;

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
    const metadata = Object.fromEntries(Object.entries(asRecord(body.metadata)).map(([k, v]) => [k, String(v)]));
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
    };
    sessions.set(id, session);
    return session;
  }

  function sessionOrThrow(id: string): StandInSession {
    const session = sessions.get(id);
    if (!session) throw new StripeError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'session', 'resource_missing');
    return session;
  }

  function publicSession(session: StandInSession) {
    const { line_items_sent: _lines, ...rest } = session;
    return rest;
  }

  function chargeOrThrow(paymentIntentId: string): StandInCharge {
    const charge = charges.get(paymentIntentId);
    if (!charge) throw new StripeError(404, 'invalid_request_error', `No such payment_intent: '${paymentIntentId}'`, 'payment_intent', 'resource_missing');
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
    if (!charge) throw new StripeError(404, 'invalid_request_error', `No such charge: '${chargeId}'`, 'charge', 'resource_missing');
    const metadata = Object.fromEntries(Object.entries(asRecord(body.metadata)).map(([k, v]) => [k, String(v)]));
    return refund(charge, asInteger(body.amount, 'amount'), asString(body.reason, 'reason') ?? null, metadata);
  }

  function route(method: string, path: string, body: FormBody): unknown {
    if (method === 'POST' && path === '/v1/coupons') return createCoupon(body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'POST' && path === '/v1/checkout/sessions') return publicSession(createSession(body));
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription) {
      const found = subscriptions.get(decodeURIComponent(subscription[1]));
      if (!found) throw new StripeError(404, 'invalid_request_error', `No such subscription: '${subscription[1]}'`, 'id', 'resource_missing');
      return found;
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) return publicSession(sessionOrThrow(decodeURIComponent(retrieve[1])));
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
      return publicSession(session);
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function takeFailure(path: string): Failure | undefined {
    const failure = failures.find((f) => !f.path || f.path.test(path));
    if (!failure) return undefined;
    failure.remaining -= 1;
    if (failure.remaining <= 0) failures = failures.filter((f) => f !== failure);
    return failure;
  }

  function send(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': randomId('req_', 14), ...extra });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = parseStripeForm(method === 'GET' ? url.searchParams.toString() : raw);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const authorization = (req.headers.authorization as string | undefined) ?? null;
    const record: RecordedRequest = { method, path: url.pathname, body, idempotencyKey, authorization, replayed: false, status: 0 };
    requests.push(record);
    const reply = (status: number, payload: unknown, extra?: Record<string, string>) => {
      record.status = status;
      send(res, status, payload, extra);
    };

    const authorized = options.secretKey ? authorization === `Bearer ${options.secretKey}` : /^Bearer sk_(test|live)_/.test(authorization ?? '');
    if (!authorized) {
      reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const failure = takeFailure(url.pathname);
    if (failure) {
      reply(
        failure.status,
        { error: { type: 'api_error', message: 'The stand-in was told to fail this request.' } },
        failure.retry ? {} : { 'Stripe-Should-Retry': 'false' },
      );
      return;
    }
    const cacheKey = method === 'POST' && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    const cached = cacheKey ? replies.get(cacheKey) : undefined;
    if (cached) {
      record.replayed = true;
      reply(cached.status, cached.body, { 'Idempotent-Replayed': 'true' });
      return;
    }
    let status = 200;
    let payload: unknown;
    try {
      payload = route(method, url.pathname, body);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      payload = {
        error: { type: error.type, message: error.message, ...(error.param ? { param: error.param } : {}), ...(error.code ? { code: error.code } : {}) },
      };
    }
    // Stripe stores the outcome of a keyed POST, errors included, and replays it.
    if (cacheKey) replies.set(cacheKey, { status, body: payload });
    reply(status, payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    coupons,
    subscriptions,
    addSubscription({ userId, interval, currentPeriodEnd, status = 'active' }) {
      const sub: StandInSubscription = {
        id: randomId('sub_', 24),
        object: 'subscription',
        status,
        cancel_at_period_end: false,
        metadata: { user_id: userId, plan_interval: interval },
        items: {
          object: 'list',
          data: [{ id: randomId('si_', 14), current_period_end: Math.floor(currentPeriodEnd.getTime() / 1000), price: { recurring: { interval } } }],
        },
      };
      subscriptions.set(sub.id, sub);
      return sub;
    },
    refunds,
    charge(paymentIntentId) {
      return { ...chargeOrThrow(paymentIntentId) };
    },
    refundInDashboard(paymentIntentId, amountCents) {
      const charge = chargeOrThrow(paymentIntentId);
      refund(charge, amountCents, null, {});
      return { ...charge };
    },
    dispute(paymentIntentId) {
      const charge = chargeOrThrow(paymentIntentId);
      return {
        id: randomId('dp_', 24),
        object: 'dispute',
        amount: charge.amount - charge.amount_refunded,
        charge: charge.id,
        payment_intent: paymentIntentId,
        currency: charge.currency,
        reason: 'fraudulent',
        status: 'needs_response',
      };
    },
    markPaid(sessionId, email = 'buyer@example.com') {
      const session = sessionOrThrow(sessionId);
      session.status = 'complete';
      session.payment_status = session.amount_total === 0 ? 'no_payment_required' : 'paid';
      session.customer_details = { email: session.customer_email ?? email };
      session.payment_intent = randomId('pi_', 24);
      session.url = null;
      if (session.amount_total > 0) {
        charges.set(session.payment_intent, {
          id: randomId('ch_', 24),
          object: 'charge',
          amount: session.amount_total,
          amount_refunded: 0,
          currency: session.currency,
          payment_intent: session.payment_intent,
          refunded: false,
          livemode: false,
        });
      }
      return session;
    },
    markExpired(sessionId) {
      const session = sessionOrThrow(sessionId);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    fail(status, failOptions = {}) {
      failures.push({ status, remaining: failOptions.times ?? Infinity, path: failOptions.path, retry: failOptions.retry ?? true });
    },
    recover() {
      failures = [];
    },
    setClockSkew(seconds) {
      skewSeconds = seconds;
    },
    event(type, session) {
      return {
        id: randomId('evt_', 24),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: nowSeconds(),
        data: { object: 'line_items_sent' in session ? publicSession(session as StandInSession) : session },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    requestsTo(method, path) {
      return requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
    },
    reset() {
      requests.length = 0;
      failures = [];
      skewSeconds = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/**
 * The stand-in, with this process's shop pointed at it: Stripe mode with its
 * key and webhook secret. Before the shop's modules first read the environment.
 */
export async function startStripeStandInForShop(keys: { secretKey: string; webhookSecret: string }): Promise<StripeStandIn> {
  const stripe = await startStripeStandIn({ secretKey: keys.secretKey });
  process.env.STRIPE_SECRET_KEY = keys.secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = keys.webhookSecret;
  process.env.STRIPE_API_HOST = stripe.url;
  return stripe;
}
