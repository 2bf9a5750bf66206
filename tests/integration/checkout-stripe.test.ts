// Checkout in Stripe mode: the official SDK talks to a local stand-in of
// Stripe's API, which records what the shop asked for.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../support/console-errors';
import { createFixtures, settle } from '../support/fixtures';
import { queuedJobs } from '../support/jobs';
import { startStripeStandInForShop, type StripeStandIn } from '../support/stripe-stand-in';

const SITE_URL = 'https://shop.example.test';
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
process.env.SITE_URL = SITE_URL;

const fx = createFixtures('CoStripe');
const clientIp = `10.20.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [checkout, orders, errors, db, route] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/errors'),
    import('@/lib/infra/db'),
    import('@/app/api/checkout/session/route'),
  ]);
  return { ...checkout, ...orders, AppError: errors.AppError, db: db.db, checkoutRoute: route.POST };
}

let stripe: StripeStandIn;
let app: Awaited<ReturnType<typeof loadApp>>;
let poster: { id: string; title: string };
let saleItem: { id: string; title: string };

const guest = (productIds: string[], discountCode?: string) => ({
  productIds,
  userId: null,
  customerEmail: null,
  discountCode: discountCode ?? null,
  siteUrl: SITE_URL,
});

function postCheckout(items: unknown, query = '') {
  return app.checkoutRoute(
    new Request(`${SITE_URL}/api/checkout/session${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
      body: JSON.stringify(items),
    }),
    { params: Promise.resolve({}) },
  );
}

async function orderBySession(sessionId: string) {
  return app.db().order.findUniqueOrThrow({ where: { sessionId }, include: { items: true, redemption: true } });
}

/** As if the provider-check interval had passed since the last poll asked Stripe. */
async function intervalPassed(sessionId: string) {
  await app.db().order.update({ where: { sessionId }, data: { providerCheckedAt: new Date(Date.now() - (app.PROVIDER_CHECK_INTERVAL_SECONDS + 1) * 1000) } });
}

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as InstanceType<typeof app.AppError>,
  );
}

beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: `whsec_${randomBytes(16).toString('hex')}` });
  app = await loadApp();
  const hour = 3_600_000;
  poster = await fx.product({ title: `Poster ${fx.suffix}`, priceCents: 1250 });
  saleItem = await fx.product({
    title: `Sale Print ${fx.suffix}`,
    priceCents: 2000,
    onSale: true,
    salePriceCents: 1499,
    saleStart: new Date(Date.now() - hour),
    saleEnd: new Date(Date.now() + hour),
  });
});

beforeEach(() => {
  stripe.reset();
});

afterAll(async () => {
  await stripe?.close();
});

describe('opening a Stripe Checkout Session', () => {
  it('sends server prices in cents, the site URLs, the order id and an idempotency key', async () => {
    const voucher = await fx.voucher({ type: 'percentage', usageType: 'one_time', basisPoints: 1000 });
    const response = await postCheckout(
      [
        { product_id: poster.id, price: 0.5 },
        { product_id: saleItem.id, price: 0.01 },
      ],
      `?discount_code=${voucher.code}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; session_id: string; free_checkout: boolean; is_member: boolean };

    const [sessionRequest] = stripe.requestsTo('POST', '/v1/checkout/sessions');
    const session = stripe.sessions.get(body.session_id);
    expect(session, 'the session id returned is the one Stripe created').toBeDefined();
    expect(body).toEqual({ url: session?.url, session_id: session?.id, free_checkout: false, is_member: false });
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const order = await orderBySession(body.session_id);
    expect(order).toMatchObject({ subtotalCents: 2749, discountCents: 275, amountCents: 2474, status: 'open', kind: 'payment', voucherId: voucher.id });
    expect(sessionRequest.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sessionRequest.idempotencyKey).toBe(`checkout-${order.id}`);
    expect(sessionRequest.body).toMatchObject({
      mode: 'payment',
      currency: 'aud',
      success_url: `${SITE_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_URL}/cart`,
      client_reference_id: order.id,
      metadata: { order_id: order.id },
    });
    // A guest's checkout never pre-fills the voucher owner's address: Stripe asks the payer.
    expect(sessionRequest.body).not.toHaveProperty('customer_email');
    expect(sessionRequest.body.line_items).toEqual([
      // Each line names the licence tier it sells (Decision 081): the default tier when the cart names none.
      { quantity: '1', price_data: { currency: 'aud', unit_amount: '1250', product_data: { name: `${poster.title} (Personal licence)` } } },
      { quantity: '1', price_data: { currency: 'aud', unit_amount: '1499', product_data: { name: `${saleItem.title} (Personal licence)` } } },
    ]);

    // The hosted page lapses when the order does.
    expect(Number(sessionRequest.body.expires_at)).toBe(Math.floor((order.expiresAt?.getTime() ?? 0) / 1000));

    const [couponRequest] = stripe.requestsTo('POST', '/v1/coupons');
    expect(couponRequest.body).toEqual({
      amount_off: '275',
      currency: 'aud',
      duration: 'once',
      max_redemptions: '1',
      name: `${voucher.code}: 10% off`.slice(0, 40),
    });
    const coupon = [...stripe.coupons.values()].find((c) => c.amount_off === 275);
    expect(sessionRequest.body.discounts).toEqual([{ coupon: coupon?.id }]);
    // What Stripe will charge is what the order says.
    expect(session?.amount_total).toBe(order.amountCents);
    expect(session?.total_details.amount_discount).toBe(order.discountCents);
  });

  it('creates no coupon when there is no discount', async () => {
    const result = await app.createCheckout(guest([poster.id]));
    expect(stripe.requestsTo('POST', '/v1/coupons')).toHaveLength(0);
    const [sessionRequest] = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(sessionRequest.body.discounts).toBeUndefined();
    expect(sessionRequest.body.customer_email).toBeUndefined();
    expect(stripe.sessions.get(result.sessionId)?.amount_total).toBe(1250);
    expect((await orderBySession(result.sessionId)).sessionId).toBe(result.sessionId);
  });

  it('asks for an expiry Stripe accepts even when its clock runs ahead of ours', async () => {
    // Stripe refuses an expires_at less than 30 minutes after it creates the session.
    stripe.setClockSkew(20);
    const result = await app.createCheckout(guest([poster.id]));
    const session = stripe.sessions.get(result.sessionId);
    expect(session).toBeDefined();
    expect((session?.expires_at ?? 0) - (session?.created ?? 0)).toBeGreaterThanOrEqual(30 * 60);
    expect((session?.expires_at ?? 0) - (session?.created ?? 0)).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it('does not open a Stripe session for a free order', async () => {
    const voucher = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 5000 });
    const result = await app.createCheckout(guest([poster.id], voucher.code));
    expect(result.freeCheckout).toBe(true);
    expect(stripe.requests).toHaveLength(0);
    expect((await orderBySession(result.sessionId)).paymentStatus).toBe('no_payment_required');
    // Its status check does not ask Stripe either, and speaks the spec's paid.
    expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('when Stripe fails', () => {
  // The shop logs the provider's failure for the operator, then answers 503.
  const PAYMENT_SESSION_FAILED = /^\[checkout\] payment session failed The stand-in was told to fail/;

  it("answers 'Failed to initiate checkout' and releases the voucher reservation", async () => {
    const voucher = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 300 });
    expectConsoleError(PAYMENT_SESSION_FAILED);
    stripe.fail(500, { path: /^\/v1\/checkout\/sessions$/ });
    const error = await rejection(app.createCheckout(guest([poster.id], voucher.code)));
    expect(error).toBeInstanceOf(app.AppError);
    expect(error.code).toBe('service_unavailable');
    expect(error.message).toBe('Failed to initiate checkout');

    // The SDK retried with one idempotency key, so Stripe could never open two sessions.
    const attempts = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
    expect(attempts.every((a) => a.status === 500)).toBe(true);

    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).toMatchObject({ status: 'active', usedAt: null });
    expect(await app.db().voucherRedemption.count({ where: { voucherId: voucher.id } })).toBe(0);
    const orders = await app
      .db()
      .order.findMany({ where: { items: { some: { productId: poster.id } }, discountCents: 300, createdAt: { gt: new Date(Date.now() - 60_000) } } });
    expect(orders.map((o) => [o.status, o.fulfilledAt])).toEqual([['expired', null]]);

    stripe.recover();
    const retried = await app.createCheckout(guest([poster.id], voucher.code));
    expect((await orderBySession(retried.sessionId)).discountCents).toBe(300);
  });

  it('releases the voucher when the coupon cannot be created', async () => {
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 400 });
    expectConsoleError(PAYMENT_SESSION_FAILED);
    stripe.fail(503, { path: /^\/v1\/coupons$/, retry: false });
    const error = await rejection(app.createCheckout(guest([poster.id], card.code)));
    expect(error.message).toBe('Failed to initiate checkout');
    expect(stripe.requestsTo('POST', '/v1/coupons')).toHaveLength(1);
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ currentBalanceCents: 400, status: 'active' });
  });

  it('answers the route with 503 in the one error shape', async () => {
    expectConsoleError(PAYMENT_SESSION_FAILED);
    stripe.fail(500, { retry: false });
    const response = await postCheckout([{ product_id: poster.id }]);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ detail: 'Failed to initiate checkout', code: 'service_unavailable' });
  });

  it('survives one transient Stripe error by retrying', async () => {
    stripe.fail(500, { times: 1 });
    const result = await app.createCheckout(guest([poster.id]));
    expect(stripe.sessions.has(result.sessionId)).toBe(true);
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions').map((r) => r.status)).toEqual([500, 200]);
  });
});

describe('the success page status check in Stripe mode', () => {
  it('asks Stripe about an open order and fulfils it once Stripe reports it paid', async () => {
    const voucher = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 250 });
    const result = await app.createCheckout(guest([poster.id, saleItem.id], voucher.code));
    const order = await orderBySession(result.sessionId);

    const before = await app.getCheckoutStatus(result.sessionId, { userId: null });
    expect(before).toMatchObject({ paymentStatus: 'unpaid', status: 'open', items: [] });
    expect(stripe.requestsTo('GET', `/v1/checkout/sessions/${result.sessionId}`)).toHaveLength(1);
    expect(await queuedJobs('order-email', { orderId: order.id })).toHaveLength(0);

    stripe.markPaid(result.sessionId);
    // Within the interval the polls answer from the database.
    expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ paymentStatus: 'unpaid', status: 'open' });
    expect(stripe.requestsTo('GET', `/v1/checkout/sessions/${result.sessionId}`)).toHaveLength(1);

    await intervalPassed(result.sessionId);
    const checks = await settle(Array.from({ length: 5 }, () => app.getCheckoutStatus(result.sessionId, { userId: null })));
    expect(checks.failed).toEqual([]);
    // Five concurrent polls, one question to Stripe: the one that won the interval.
    expect(stripe.requestsTo('GET', `/v1/checkout/sessions/${result.sessionId}`)).toHaveLength(2);
    expect(checks.ok.some((check) => check.paymentStatus === 'paid')).toBe(true);
    expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ paymentStatus: 'paid', status: 'complete' });

    const paid = await orderBySession(result.sessionId);
    // The address the payer gave Stripe, not the voucher owner's.
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'complete', customerEmail: 'buyer@example.com' });
    expect(paid.customerEmail).not.toBe(voucher.customerEmail);
    expect(paid.fulfilledAt).toBeInstanceOf(Date);
    expect(paid.redemption?.confirmedAt).toBeInstanceOf(Date);
    expect(await queuedJobs('order-email', { orderId: order.id })).toHaveLength(1);

    // A fulfilled order is answered from the database.
    const asked = stripe.requests.length;
    expect((await app.getCheckoutStatus(result.sessionId, { userId: null })).paymentStatus).toBe('paid');
    expect(stripe.requests).toHaveLength(asked);
  });

  it('takes the email Stripe collected for a guest order', async () => {
    const result = await app.createCheckout(guest([poster.id]));
    stripe.markPaid(result.sessionId, 'collected@example.com');
    await app.getCheckoutStatus(result.sessionId, { userId: null });
    expect((await orderBySession(result.sessionId)).customerEmail).toBe('collected@example.com');
  });

  it('expires the order and releases the voucher when Stripe reports the session expired', async () => {
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 1000 });
    const result = await app.createCheckout(guest([saleItem.id], card.code));
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).currentBalanceCents).toBe(0);
    stripe.markExpired(result.sessionId);
    expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ currentBalanceCents: 1000, status: 'active' });
  });

  it('does not fulfil a completed session whose payment is still pending', async () => {
    const result = await app.createCheckout(guest([poster.id]));
    const session = stripe.sessions.get(result.sessionId);
    if (session) session.status = 'complete';
    expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ paymentStatus: 'unpaid', status: 'open' });
    expect((await orderBySession(result.sessionId)).fulfilledAt).toBeNull();
  });

  it('asks Stripe about an order at most once per interval however often it is polled, and again after it', async () => {
    const result = await app.createCheckout(guest([poster.id]));
    const retrievals = () => stripe.requestsTo('GET', `/v1/checkout/sessions/${result.sessionId}`).length;
    for (let i = 0; i < 20; i++) {
      expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ paymentStatus: 'unpaid', status: 'open' });
    }
    expect(retrievals()).toBe(1);
    const stamped = (await orderBySession(result.sessionId)).providerCheckedAt;
    expect(stamped).toBeInstanceOf(Date);

    await intervalPassed(result.sessionId);
    await settle(Array.from({ length: 10 }, () => app.getCheckoutStatus(result.sessionId, { userId: null })));
    expect(retrievals()).toBe(2);
  });

  it('answers from the database when Stripe cannot be asked', async () => {
    const result = await app.createCheckout(guest([poster.id]));
    stripe.fail(500, { path: /^\/v1\/checkout\/sessions\/[^/]+$/, retry: false });
    expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ paymentStatus: 'unpaid', status: 'open' });
    stripe.recover();
    stripe.sessions.delete(result.sessionId);
    await intervalPassed(result.sessionId);
    expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ paymentStatus: 'unpaid', status: 'open' });
    expect(
      stripe
        .requestsTo('GET', `/v1/checkout/sessions/${result.sessionId}`)
        .map((r) => r.status)
        .slice(-1),
    ).toEqual([404]);
  });
});
