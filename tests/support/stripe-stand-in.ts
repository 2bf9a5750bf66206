// A local stand-in for the parts of Stripe's API the shop calls: coupons,
// Checkout Sessions (create, retrieve, expire), subscriptions and their
// invoices, and refunds (stripe-stand-in-billing.ts). It speaks Stripe's wire
// format (stripe-stand-in-wire.ts; idempotent replays of keyed POSTs, errors
// included), records every request for assertions, and lets a test pay or
// expire a session, skew its clock, make a request fail, or make one and lose
// its answer. Point the SDK at it with STRIPE_API_HOST=<url>.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBilling, type StandInCharge, type StandInInvoice, type StandInRefund, type StandInSubscription } from './stripe-stand-in-billing';
import { asInteger, asList, asMetadata, asRecord, asString, parseStripeForm, randomId, StripeError, type FormBody } from './stripe-stand-in-wire';

export type { FormBody, FormValue } from './stripe-stand-in-wire';
export { parseStripeForm } from './stripe-stand-in-wire';
export type { StandInCharge, StandInInvoice, StandInRefund, StandInSubscription } from './stripe-stand-in-billing';

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

type Failure = { status: number; remaining: number; path?: RegExp; retry: boolean };
type LostAnswer = { remaining: number; path: RegExp };

export type StripeStandIn = {
  /** Base URL for STRIPE_API_HOST, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StandInSession>;
  coupons: Map<string, StandInCoupon>;
  subscriptions: Map<string, StandInSubscription>;
  /** A subscription as Stripe keeps it after a membership checkout (metadata.user_id set by the shop). */
  addSubscription(input: { userId: string; interval: 'month' | 'year'; currentPeriodEnd: Date; status?: string }): StandInSubscription;
  /** The subscription bills a period and the card pays it: the invoice as invoice.paid carries it. */
  payInvoice(subscriptionId: string, input: { amount: number; billingReason?: string; paidAt?: Date }): StandInInvoice;
  /** The PaymentIntent that paid an invoice. */
  invoicePaymentIntent(invoiceId: string): string | null;
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
  /**
   * Process the next `times` POSTs to `path` (replays of a keyed one included) and then cut
   * the connection instead of answering: Stripe did the work, the shop never hears of it
   * (as when a timeout or a proxy drops the answer; the SDK reports both the same way).
   */
  loseAnswers(path: RegExp, times: number): void;
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

export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const coupons = new Map<string, StandInCoupon>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let failures: Failure[] = [];
  let lostAnswers: LostAnswer[] = [];
  let skewSeconds = 0;
  const nowSeconds = () => Math.floor(Date.now() / 1000) + skewSeconds;
  const billing = createBilling(nowSeconds);

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
    if (!session) throw new StripeError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'session', 'resource_missing');
    return session;
  }

  function publicSession(session: StandInSession) {
    const { line_items_sent: _lines, ...rest } = session;
    return rest;
  }

  function route(method: string, path: string, body: FormBody): unknown {
    if (method === 'POST' && path === '/v1/coupons') return createCoupon(body);
    if (method === 'POST' && path === '/v1/checkout/sessions') return publicSession(createSession(body));
    const billed = billing.route(method, path, body);
    if (billed) return billed.payload;
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
    const lost = method === 'POST' && takeLostAnswer(url.pathname);
    const cacheKey = method === 'POST' && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    const cached = cacheKey ? replies.get(cacheKey) : undefined;
    if (cached) {
      record.replayed = true;
      if (lost) return cut(res, record);
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
    if (lost) return cut(res, record);
    reply(status, payload);
  }

  function takeLostAnswer(path: string): boolean {
    const lost = lostAnswers.find((l) => l.path.test(path));
    if (!lost) return false;
    lost.remaining -= 1;
    if (lost.remaining <= 0) lostAnswers = lostAnswers.filter((l) => l !== lost);
    return true;
  }

  /** The work is done; the answer never leaves (status 0 in the record). */
  function cut(res: ServerResponse, record: RecordedRequest): void {
    record.status = 0;
    res.socket?.destroy();
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
    subscriptions: billing.subscriptions,
    addSubscription: billing.addSubscription,
    payInvoice: billing.payInvoice,
    invoicePaymentIntent: billing.invoicePaymentIntent,
    refunds: billing.refunds,
    charge(paymentIntentId) {
      return { ...billing.chargeOrThrow(paymentIntentId) };
    },
    refundInDashboard(paymentIntentId, amountCents) {
      const charge = billing.chargeOrThrow(paymentIntentId);
      billing.refund(charge, amountCents, null, {});
      return { ...charge };
    },
    dispute(paymentIntentId) {
      const charge = billing.chargeOrThrow(paymentIntentId);
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
    loseAnswers(path, times) {
      lostAnswers.push({ path, remaining: times });
    },
    recover() {
      failures = [];
      lostAnswers = [];
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
      lostAnswers = [];
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
