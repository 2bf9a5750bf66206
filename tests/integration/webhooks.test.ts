// The Stripe webhook route, called as Next would call it, with events signed
// the way Stripe signs them. Orders are opened through the Stripe stand-in so
// that the events carry real session ids.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { queuedJobs } from '../support/jobs';
import { startStripeStandInForShop, type StandInSession, type StripeStandIn } from '../support/stripe-stand-in';

const SITE_URL = 'https://shop.example.test';
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
process.env.SITE_URL = SITE_URL;

const fx = createFixtures('Hook');

async function loadApp() {
  const [checkout, db, route] = await Promise.all([import('@/lib/domain/checkout'), import('@/lib/infra/db'), import('@/app/api/webhooks/stripe/route')]);
  return { createCheckout: checkout.createCheckout, db: db.db, webhook: route.POST };
}

let stripe: StripeStandIn;
let app: Awaited<ReturnType<typeof loadApp>>;
let product: { id: string };

type Delivery = { payload?: string; signature?: string | null; secret?: string; timestamp?: number };

function sign(payload: string, secret = WEBHOOK_SECRET, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

async function deliver(event: { id: string }, options: Delivery = {}) {
  const payload = options.payload ?? JSON.stringify(event, null, 2);
  const signature = options.signature === undefined ? sign(payload, options.secret, options.timestamp) : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const response = await app.webhook(new Request(`${SITE_URL}/api/webhooks/stripe`, { method: 'POST', headers, body: payload }), {
    params: Promise.resolve({}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An open Stripe-mode order, optionally holding a one-time voucher. */
async function openOrder(withVoucher = false) {
  const voucher = withVoucher ? await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 200 }) : null;
  const result = await app.createCheckout({
    productIds: [product.id],
    userId: null,
    customerEmail: null,
    discountCode: voucher?.code ?? null,
    siteUrl: SITE_URL,
  });
  const session = stripe.sessions.get(result.sessionId) as StandInSession;
  return { session, voucher, order: () => app.db().order.findUniqueOrThrow({ where: { sessionId: session.id }, include: { redemption: true } }) };
}

async function emailJobCount(orderId: string) {
  return (await queuedJobs('order-email', { orderId })).length;
}

beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await loadApp();
  product = await fx.product({ priceCents: 1800 });
});

afterAll(async () => {
  await stripe?.close();
});

describe('signature checks', () => {
  it('fulfils the order of a validly signed checkout.session.completed', async () => {
    const { session, order } = await openOrder(true);
    const event = stripe.event('checkout.session.completed', stripe.markPaid(session.id, 'hook-buyer@example.com'));
    const response = await deliver(event);
    expect(response).toEqual({ status: 200, body: { received: true, outcome: 'processed' } });

    const paid = await order();
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'complete', customerEmail: 'hook-buyer@example.com' });
    expect(paid.fulfilledAt).toBeInstanceOf(Date);
    expect(paid.redemption?.confirmedAt).toBeInstanceOf(Date);
    expect(await emailJobCount(paid.id)).toBe(1);
    expect(await app.db().paymentEvent.findUnique({ where: { id: event.id } })).toMatchObject({ type: 'checkout.session.completed' });
  });

  it('verifies the exact bytes of a payload with non-ASCII text', async () => {
    const { session, order } = await openOrder();
    const paid = stripe.markPaid(session.id);
    const event = stripe.event('checkout.session.completed', { ...paid, metadata: { ...paid.metadata, note: 'Café ☕ “quoted” — ünïcödé' } });
    const payload = JSON.stringify(event);
    expect(payload).toContain('☕');
    expect((await deliver(event, { payload })).status).toBe(200);
    expect((await order()).fulfilledAt).toBeInstanceOf(Date);
  });

  it('refuses a body changed after signing', async () => {
    const { session, order } = await openOrder();
    const event = stripe.event('checkout.session.completed', stripe.markPaid(session.id));
    const signed = JSON.stringify(event);
    const tampered = signed.replace(`"amount_total":${session.amount_total}`, '"amount_total":1');
    expect(tampered).not.toBe(signed);
    const response = await deliver(event, { payload: tampered, signature: sign(signed) });
    expect(response).toEqual({ status: 400, body: { detail: 'Invalid webhook signature', code: 'invalid_request' } });
    expect((await order()).fulfilledAt).toBeNull();
    expect(await app.db().paymentEvent.findUnique({ where: { id: event.id } })).toBeNull();
  });

  it('refuses an event signed with another secret', async () => {
    const { session, order } = await openOrder();
    const event = stripe.event('checkout.session.completed', stripe.markPaid(session.id));
    const response = await deliver(event, { secret: `whsec_${randomBytes(24).toString('base64url')}` });
    expect(response).toEqual({ status: 400, body: { detail: 'Invalid webhook signature', code: 'invalid_request' } });
    expect((await order()).fulfilledAt).toBeNull();
  });

  it('refuses a signature older than 300 seconds, and accepts one just inside', async () => {
    const { session, order } = await openOrder();
    const event = stripe.event('checkout.session.completed', stripe.markPaid(session.id));
    const now = Math.floor(Date.now() / 1000);
    const stale = await deliver(event, { timestamp: now - 301 });
    expect(stale).toEqual({ status: 400, body: { detail: 'Invalid webhook signature', code: 'invalid_request' } });
    expect((await order()).fulfilledAt).toBeNull();

    const fresh = await deliver(event, { timestamp: now - 290 });
    expect(fresh.status).toBe(200);
    expect((await order()).fulfilledAt).toBeInstanceOf(Date);
  });

  it('refuses a request without a Stripe-Signature header', async () => {
    const { session, order } = await openOrder();
    const event = stripe.event('checkout.session.completed', stripe.markPaid(session.id));
    const response = await deliver(event, { signature: null });
    expect(response).toEqual({ status: 400, body: { detail: 'Missing Stripe-Signature header', code: 'invalid_request' } });
    expect((await order()).fulfilledAt).toBeNull();
  });

  it('refuses a malformed signature header', async () => {
    const { session } = await openOrder();
    const event = stripe.event('checkout.session.completed', stripe.markPaid(session.id));
    const response = await deliver(event, { signature: 'garbage' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
  });
});

describe('duplicate deliveries', () => {
  it('fulfils once when one event arrives 5 times at once', async () => {
    const { session, order } = await openOrder(true);
    const event = stripe.event('checkout.session.completed', stripe.markPaid(session.id));
    const payload = JSON.stringify(event);
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(event, { payload })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const r of responses) expect(['processed', 'duplicate']).toContain(r.body.outcome);

    const paid = await order();
    expect(paid.fulfilledAt).toBeInstanceOf(Date);
    expect(await emailJobCount(paid.id)).toBe(1);
    expect(await app.db().voucherRedemption.count({ where: { orderId: paid.id, confirmedAt: { not: null } } })).toBe(1);
    expect(await app.db().paymentEvent.count({ where: { id: event.id } })).toBe(1);

    const replay = await deliver(event, { payload });
    expect(replay).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await order()).fulfilledAt).toEqual(paid.fulfilledAt);
  });

  it('fulfils once when different events for one session race', async () => {
    const { session, order } = await openOrder();
    const paidSession = stripe.markPaid(session.id);
    const events = Array.from({ length: 4 }, () => stripe.event('checkout.session.completed', paidSession));
    const responses = await Promise.all(events.map((e) => deliver(e)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const paid = await order();
    expect(await emailJobCount(paid.id)).toBe(1);
  });
});

describe('event types', () => {
  it('expires the order and releases its voucher on checkout.session.expired', async () => {
    const { session, voucher, order } = await openOrder(true);
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: voucher?.id } })).status).toBe('used');
    const response = await deliver(stripe.event('checkout.session.expired', stripe.markExpired(session.id)));
    expect(response.body.outcome).toBe('processed');
    const expired = await order();
    expect(expired).toMatchObject({ status: 'expired', fulfilledAt: null, redemption: null });
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: voucher?.id } })).toMatchObject({ status: 'active', usedAt: null });
    expect(await emailJobCount(expired.id)).toBe(0);
  });

  it('waits for a delayed payment and does not fulfil when it fails', async () => {
    const { session, voucher, order } = await openOrder(true);
    const pending = { ...stripe.markPaid(session.id), payment_status: 'unpaid' as const };
    expect((await deliver(stripe.event('checkout.session.completed', pending))).status).toBe(200);
    expect(await order()).toMatchObject({ fulfilledAt: null, status: 'open', paymentStatus: 'unpaid' });

    const failed = await deliver(stripe.event('checkout.session.async_payment_failed', pending));
    expect(failed.body.outcome).toBe('processed');
    const closed = await order();
    expect(closed).toMatchObject({ fulfilledAt: null, paymentStatus: 'unpaid', status: 'expired', redemption: null });
    expect(await emailJobCount(closed.id)).toBe(0);
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: voucher?.id } })).status).toBe('active');
  });

  it('fulfils when a delayed payment succeeds', async () => {
    const { session, order } = await openOrder();
    const paid = stripe.markPaid(session.id);
    await deliver(stripe.event('checkout.session.completed', { ...paid, payment_status: 'unpaid' }));
    expect((await order()).fulfilledAt).toBeNull();
    await deliver(stripe.event('checkout.session.async_payment_succeeded', paid));
    const fulfilled = await order();
    expect(fulfilled).toMatchObject({ paymentStatus: 'paid', status: 'complete' });
    expect(await emailJobCount(fulfilled.id)).toBe(1);
  });

  it('acknowledges events it does not handle without touching orders', async () => {
    const { session, order } = await openOrder();
    stripe.markPaid(session.id);
    const other = await deliver(
      stripe.event('payment_intent.succeeded', { id: 'pi_123', object: 'payment_intent', metadata: { order_id: (await order()).id } }),
    );
    expect(other).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect((await order()).fulfilledAt).toBeNull();
  });

  it('acknowledges a completed event for a session it does not know', async () => {
    const event = stripe.event('checkout.session.completed', {
      id: 'cs_test_unknown0000000000',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
    });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    // Recorded, so Stripe's retries of it are answered without work.
    expect(await app.db().paymentEvent.count({ where: { id: event.id } })).toBe(1);
  });
});
