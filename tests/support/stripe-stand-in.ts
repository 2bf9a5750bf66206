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
import { createCheckout, type StandInCoupon, type StandInSession } from './stripe-stand-in-checkout';
import { parseStripeForm, randomId, StripeError, type FormBody } from './stripe-stand-in-wire';

export type { FormBody, FormValue } from './stripe-stand-in-wire';
export { parseStripeForm } from './stripe-stand-in-wire';
export type { StandInCharge, StandInInvoice, StandInRefund, StandInSubscription } from './stripe-stand-in-billing';
export type { StandInCoupon, StandInSession } from './stripe-stand-in-checkout';

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

export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let failures: Failure[] = [];
  let lostAnswers: LostAnswer[] = [];
  let skewSeconds = 0;
  const nowSeconds = () => Math.floor(Date.now() / 1000) + skewSeconds;
  const billing = createBilling(nowSeconds);
  const checkout = createCheckout(nowSeconds, billing);
  const { sessions, coupons, publicSession } = checkout;

  function route(method: string, path: string, body: FormBody): unknown {
    const answered = checkout.route(method, path, body) ?? billing.route(method, path, body);
    if (answered) return answered.payload;
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
    markPaid: checkout.markPaid,
    markExpired: checkout.markExpired,
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
