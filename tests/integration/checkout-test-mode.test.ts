// Checkout in test payment mode (no Stripe key) against real Postgres: server
// pricing, cart rules, vouchers under concurrency, cancellation, expiry and
// idempotent fulfilment.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, settle } from '../support/fixtures';
import { ageActiveJobs, makeRetriesDue, queuedJobs } from '../support/jobs';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_WEBHOOK_SECRET;
delete process.env.STRIPE_API_HOST;
// Emails land in the outbox table, where the test can read them.
delete process.env.SMTP_URL;

const fx = createFixtures('CoTest');
const clientIp = `10.10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [checkout, orders, errors, db, route, validateRoute, rateLimit, jobs, orderEmail, handlers] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/errors'),
    import('@/lib/infra/db'),
    import('@/app/api/checkout/session/route'),
    import('@/app/api/validate-discount/route'),
    import('@/lib/domain/rate-limit'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/emails'),
    import('@/lib/domain/background-work'),
  ]);
  return {
    ...checkout,
    ...orders,
    RATE_LIMITS: rateLimit.RATE_LIMITS,
    registerJobHandler: jobs.registerJobHandler,
    registerJobHandlers: handlers.registerJobHandlers,
    runDueJobs: jobs.runDueJobs,
    maintainJobQueue: jobs.maintainJobQueue,
    stopJobWorker: jobs.stopJobWorker,
    sendOrderEmail: orderEmail.sendOrderEmail,
    AppError: errors.AppError,
    db: db.db,
    checkoutRoute: route.POST,
    validateRoute: validateRoute.POST,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let regular: { id: string; priceCents: number };
let saleItem: { id: string; priceCents: number; salePriceCents: number | null };
let expiredSale: { id: string; priceCents: number };
let withFiles: { id: string };

const guest = (productIds: string[], discountCode?: string) => ({
  productIds,
  userId: null,
  customerEmail: null,
  discountCode: discountCode ?? null,
  siteUrl: SITE_URL,
});

async function orderBySession(sessionId: string) {
  return app.db().order.findUniqueOrThrow({ where: { sessionId }, include: { items: { orderBy: { priceCents: 'asc' } }, redemption: true } });
}

async function emailJobs(orderId: string) {
  return queuedJobs('order-email', { orderId });
}

async function expectAppError(promise: Promise<unknown>, code: string, message: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected the call to fail').toBeInstanceOf(app.AppError);
  const appError = error as InstanceType<typeof app.AppError>;
  expect(appError.code).toBe(code);
  if (typeof message === 'string') expect(appError.message).toBe(message);
  else expect(appError.message).toMatch(message);
  return appError;
}

beforeAll(async () => {
  app = await loadApp();
  const hour = 3_600_000;
  regular = await fx.product({ priceCents: 1250 });
  saleItem = await fx.product({
    priceCents: 2000,
    onSale: true,
    salePriceCents: 1499,
    saleStart: new Date(Date.now() - hour),
    saleEnd: new Date(Date.now() + hour),
  });
  expiredSale = await fx.product({
    priceCents: 900,
    onSale: true,
    salePriceCents: 100,
    saleStart: new Date(Date.now() - 2 * hour),
    saleEnd: new Date(Date.now() - hour),
  });
  withFiles = await fx.product({
    priceCents: 500,
    files: [
      { storageKey: `it/${fx.suffix}/a.pdf`, originalFilename: 'Poster A4.pdf' },
      { storageKey: `it/${fx.suffix}/b.png`, originalFilename: 'Poster.png' },
    ],
  });
});

afterAll(async () => {
  await app.stopJobWorker();
});

describe('pricing a cart on the server', () => {
  it('ignores prices sent by the browser and charges the active sale price, in cents', async () => {
    const request = new Request(`${SITE_URL}/api/checkout/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
      body: JSON.stringify([
        { product_id: saleItem.id, title: 'Tampered', price: 0.01, is_bundle: false },
        { product_id: regular.id, title: 'Tampered', price: 0 },
        { product_id: expiredSale.id, price: 0.01 },
      ]),
    });
    const response = await app.checkoutRoute(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; session_id: string; free_checkout: boolean; is_member: boolean };
    expect(body.session_id).toMatch(/^cs_test_[A-Za-z0-9]{32}$/);
    expect(body).toEqual({ url: `${SITE_URL}/checkout/test/${body.session_id}`, session_id: body.session_id, free_checkout: false, is_member: false });

    const order = await orderBySession(body.session_id);
    expect(order.items.map((i) => [i.productId, i.priceCents])).toEqual([
      [expiredSale.id, 900],
      [regular.id, 1250],
      [saleItem.id, 1499],
    ]);
    expect(order).toMatchObject({
      subtotalCents: 3649,
      discountCents: 0,
      amountCents: 3649,
      currency: 'aud',
      kind: 'payment',
      status: 'open',
      paymentStatus: 'unpaid',
      fulfilledAt: null,
    });
    expect(order.items.find((i) => i.productId === saleItem.id)?.title).not.toBe('Tampered');
    expect(await emailJobs(order.id)).toHaveLength(0);
  });

  it('refuses a checkout posted from another site', async () => {
    const request = new Request(`${SITE_URL}/api/checkout/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'x-forwarded-for': clientIp },
      body: JSON.stringify([{ product_id: regular.id }]),
    });
    const response = await app.checkoutRoute(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ detail: 'Cross-site request refused', code: 'forbidden' });
  });

  it('answers 400 in the error shape for a malformed cart', async () => {
    const post = (body: string) =>
      app.checkoutRoute(
        new Request(`${SITE_URL}/api/checkout/session`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp }, body }),
        {
          params: Promise.resolve({}),
        },
      );
    const notJson = await post('{"items": [');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ detail: 'Request body must be JSON', code: 'invalid_request' });
    const tooMany = await post(JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ product_id: `p${i}` }))));
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { detail: string }).detail).toContain('A cart holds at most 100 items');
    const badId = await post(JSON.stringify([{ product_id: "x' OR 1=1" }]));
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { code: string }).code).toBe('invalid_request');
    const empty = await post(JSON.stringify({ items: [] }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ detail: 'Cart is empty', code: 'invalid_request' });
  });

  it('collapses duplicate items into one line each', async () => {
    const result = await app.createCheckout(guest([regular.id, saleItem.id, regular.id, regular.id]));
    const order = await orderBySession(result.sessionId);
    expect(order.items.map((i) => i.productId)).toEqual([regular.id, saleItem.id]);
    expect(order.amountCents).toBe(1250 + 1499);
  });

  it('refuses unknown and deleted items, listing their ids', async () => {
    const deleted = await fx.product({ priceCents: 100, deletedAt: new Date() });
    const error = await expectAppError(
      app.createCheckout(guest([regular.id, 'doesnotexist123', deleted.id])),
      'invalid_request',
      'Some items in your cart are no longer available',
    );
    expect(error.fields).toEqual({ product_ids: ['doesnotexist123', deleted.id] });
  });

  it("refuses an empty cart with 'Cart is empty'", async () => {
    await expectAppError(app.createCheckout(guest([])), 'invalid_request', 'Cart is empty');
  });

  it('refuses an unknown or spent discount code before opening anything', async () => {
    await expectAppError(app.createCheckout(guest([regular.id], 'NO-SUCH-CODE')), 'invalid_request', 'Invalid discount code');
    const spent = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 100, status: 'used' });
    await expectAppError(app.createCheckout(guest([regular.id], spent.code)), 'invalid_request', 'This discount code has already been used');
    expect(await app.db().order.count({ where: { voucherId: spent.id } })).toBe(0);
  });
});

describe('free checkouts', () => {
  it('pays an order covered by a voucher at once and queues one order email', async () => {
    const voucher = await fx.voucher({ type: 'percentage', usageType: 'one_time', basisPoints: 10_000 });
    const result = await app.createCheckout(guest([regular.id, saleItem.id], voucher.code.toLowerCase()));
    expect(result.freeCheckout).toBe(true);
    expect(result.isMember).toBe(false);
    expect(result.url).toBe(`${SITE_URL}/success?session_id=${result.sessionId}`);

    const order = await orderBySession(result.sessionId);
    expect(order).toMatchObject({
      kind: 'voucher',
      subtotalCents: 2749,
      discountCents: 2749,
      amountCents: 0,
      status: 'complete',
      paymentStatus: 'no_payment_required',
      voucherId: voucher.id,
    });
    expect(order.fulfilledAt).toBeInstanceOf(Date);
    expect(order.redemption).toMatchObject({ voucherId: voucher.id, amountCents: 2749 });
    expect(order.redemption?.confirmedAt).toBeInstanceOf(Date);
    // A guest's order never takes the voucher owner's address (the owner may not be the buyer).
    expect(order.customerEmail).toBeNull();

    const jobs = await emailJobs(order.id);
    expect(jobs.map((j) => [j.data, j.state])).toEqual([[{ orderId: order.id }, 'created']]);
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).status).toBe('used');

    const status = await app.getCheckoutStatus(result.sessionId, { userId: null });
    expect(status).toMatchObject({ paymentStatus: 'paid', status: 'complete' });
    expect(status.productIds.sort()).toEqual([regular.id, saleItem.id].sort());
  });

  it('makes an active member’s cart free, ignoring any discount code', async () => {
    const member = await fx.user({ membershipEndsAt: new Date(Date.now() + 86_400_000) });
    const voucher = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 100 });
    const result = await app.createCheckout({
      productIds: [regular.id],
      userId: member.id,
      customerEmail: member.email,
      discountCode: voucher.code,
      siteUrl: SITE_URL,
    });
    expect(result).toMatchObject({ freeCheckout: true, isMember: true });
    const order = await orderBySession(result.sessionId);
    expect(order).toMatchObject({
      kind: 'member',
      amountCents: 0,
      discountCents: 1250,
      voucherId: null,
      userId: member.id,
      paymentStatus: 'no_payment_required',
    });
    expect(order.redemption).toBeNull();
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).status).toBe('active');
  });

  it('charges a lapsed member the full price', async () => {
    const lapsed = await fx.user({ membershipEndsAt: new Date(Date.now() - 1000) });
    const result = await app.createCheckout({ productIds: [regular.id], userId: lapsed.id, customerEmail: lapsed.email, siteUrl: SITE_URL });
    expect(result).toMatchObject({ freeCheckout: false, isMember: false });
    expect((await orderBySession(result.sessionId)).amountCents).toBe(1250);
  });
});

describe('vouchers under concurrency', () => {
  it('lets exactly one of 20 parallel checkouts use a one-time voucher', async () => {
    const voucher = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 500 });
    const { ok, failed } = await settle(Array.from({ length: 20 }, () => app.createCheckout(guest([regular.id], voucher.code))));
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(19);
    for (const error of failed) {
      expect(error).toBeInstanceOf(app.AppError);
      expect((error as Error).message).toBe('This discount code has already been used');
    }
    expect(await app.db().voucherRedemption.count({ where: { voucherId: voucher.id } })).toBe(1);
    expect(await app.db().order.count({ where: { voucherId: voucher.id } })).toBe(1);
    const order = await orderBySession(ok[0].sessionId);
    expect(order).toMatchObject({ discountCents: 500, amountCents: 750, status: 'open' });
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).status).toBe('used');
  });

  it('never draws a gift card below 0, and what it paid adds up to what was drawn', async () => {
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 2000 });
    const item = await fx.product({ priceCents: 700 });
    const { ok, failed } = await settle(Array.from({ length: 12 }, () => app.createCheckout(guest([item.id], card.code))));
    for (const error of failed) expect(error).toBeInstanceOf(app.AppError);
    const after = await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } });
    const redemptions = await app.db().voucherRedemption.findMany({ where: { voucherId: card.id }, include: { order: true } });
    expect(after.currentBalanceCents).toBeGreaterThanOrEqual(0);
    expect(redemptions).toHaveLength(ok.length);
    expect(redemptions.reduce((sum, r) => sum + r.amountCents, 0)).toBe(2000 - (after.currentBalanceCents as number));
    for (const r of redemptions) {
      expect(r.order.discountCents).toBe(r.amountCents);
      expect(r.order.amountCents).toBe(700 - r.amountCents);
    }
    // 2000 covers two carts in full and 600 of a third; then it is spent.
    expect(redemptions.map((r) => r.amountCents).sort()).toEqual([600, 700, 700]);
    expect(after).toMatchObject({ currentBalanceCents: 0, status: 'used' });
    for (const error of failed) expect((error as Error).message).toBe('This gift card has no balance left');
  });
});

describe('test payments', () => {
  it('gives a one-time voucher back when the shopper cancels', async () => {
    const voucher = await fx.voucher({ type: 'percentage', usageType: 'one_time', basisPoints: 2500 });
    const result = await app.createCheckout(guest([regular.id], voucher.code));
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).status).toBe('used');

    await app.cancelTestPayment(result.sessionId);
    const order = await orderBySession(result.sessionId);
    expect(order).toMatchObject({ status: 'expired', fulfilledAt: null, redemption: null });
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).toMatchObject({ status: 'active', usedAt: null });

    await expectAppError(app.completeTestPayment(result.sessionId, 'late@example.com'), 'conflict', 'This checkout session has expired');
    expect((await orderBySession(result.sessionId)).fulfilledAt).toBeNull();
    // The code works again for a new checkout.
    const again = await app.createCheckout(guest([regular.id], voucher.code));
    expect((await orderBySession(again.sessionId)).discountCents).toBe(313);
  });

  it('restores a gift card balance when the shopper cancels', async () => {
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 1000 });
    const first = await app.createCheckout(guest([regular.id], card.code));
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ currentBalanceCents: 0, status: 'used' });
    expect((await orderBySession(first.sessionId)).amountCents).toBe(250);

    await app.cancelTestPayment(first.sessionId);
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ currentBalanceCents: 1000, status: 'active', usedAt: null });
    expect(await app.db().voucherRedemption.count({ where: { voucherId: card.id } })).toBe(0);
    // Cancelling twice gives nothing back twice.
    await app.cancelTestPayment(first.sessionId);
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).currentBalanceCents).toBe(1000);
  });

  it('leaves a voucher disabled meanwhile disabled when the checkout is cancelled', async () => {
    const code = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 100 });
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 300 });
    const first = await app.createCheckout(guest([regular.id], code.code));
    const second = await app.createCheckout(guest([regular.id], card.code));
    await app.db().voucher.updateMany({ where: { id: { in: [code.id, card.id] } }, data: { status: 'disabled' } });
    await app.cancelTestPayment(first.sessionId);
    await app.cancelTestPayment(second.sessionId);
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: code.id } })).status).toBe('disabled');
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: 'disabled', currentBalanceCents: 300 });
  });

  it('does not cancel a paid order or release its voucher', async () => {
    const voucher = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 200 });
    const result = await app.createCheckout(guest([regular.id], voucher.code));
    await app.completeTestPayment(result.sessionId, 'buyer@example.com');
    await app.cancelTestPayment(result.sessionId);
    const order = await orderBySession(result.sessionId);
    expect(order).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(order.redemption?.confirmedAt).toBeInstanceOf(Date);
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).status).toBe('used');
  });

  it('asks for an email when a guest order has none', async () => {
    const result = await app.createCheckout(guest([regular.id]));
    const error = await expectAppError(app.completeTestPayment(result.sessionId, null), 'invalid_request', 'Please enter an email address for your receipt');
    expect(error.fields).toEqual({ email: ['Required'] });
    expect((await orderBySession(result.sessionId)).fulfilledAt).toBeNull();
  });

  it('refuses sessions that are not test sessions', async () => {
    await expectAppError(app.completeTestPayment('cs_live_doesnotexist000000000', 'a@example.com'), 'not_found', 'Checkout session not found');
    await expectAppError(app.cancelTestPayment('cs_test_doesnotexist000000000'), 'not_found', 'Checkout session not found');
  });

  it('fulfils once when payment completion and status checks race', async () => {
    const voucher = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 100 });
    const result = await app.createCheckout(guest([withFiles.id, regular.id], voucher.code));
    const sessionId = result.sessionId;
    const calls: Promise<unknown>[] = [
      ...Array.from({ length: 4 }, () => app.completeTestPayment(sessionId, 'racer@example.com')),
      ...Array.from({ length: 6 }, () => app.getCheckoutStatus(sessionId, { userId: null })),
    ];
    const { failed } = await settle(calls);
    expect(failed).toEqual([]);

    const order = await orderBySession(sessionId);
    // The guest's own receipt address, never the voucher owner's.
    expect(order).toMatchObject({ status: 'complete', paymentStatus: 'paid', customerEmail: 'racer@example.com' });
    const jobs = await emailJobs(order.id);
    expect(jobs.map((j) => j.data)).toEqual([{ orderId: order.id }]);
    expect(order.redemption?.confirmedAt).toBeInstanceOf(Date);

    const status = await app.getCheckoutStatus(sessionId, { userId: null });
    expect(status.paymentStatus).toBe('paid');
    expect(status.items.find((i) => i.productId === withFiles.id)?.files).toEqual([
      { id: expect.any(String), filename: 'Poster A4.pdf' },
      { id: expect.any(String), filename: 'Poster.png' },
    ]);
  });

  it('claims fulfilment for exactly one of many concurrent callers', async () => {
    const result = await app.createCheckout({ ...guest([regular.id]), customerEmail: 'many@example.com' });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => app.fulfilOrder(result.sessionId, { paymentStatus: 'paid' })));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const order = await orderBySession(result.sessionId);
    expect(await emailJobs(order.id)).toHaveLength(1);
  });
  it('claims a test payment only while the session is still open', async () => {
    const voucher = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 100 });
    const result = await app.createCheckout(guest([regular.id], voucher.code));
    const at = new Date();
    await app.db().order.update({ where: { sessionId: result.sessionId }, data: { expiresAt: at } });
    // The expiry lands between a payment's check and its claim: the claim must lose.
    expect(await app.fulfilOrder(result.sessionId, { paymentStatus: 'paid', customerEmail: 'x@example.com', openAt: at })).toBe(false);
    await app.cancelTestPayment(result.sessionId);
    expect(await app.fulfilOrder(result.sessionId, { paymentStatus: 'paid', openAt: new Date(0) })).toBe(false);
    const order = await orderBySession(result.sessionId);
    expect(order).toMatchObject({ status: 'expired', fulfilledAt: null, redemption: null });
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: voucher.id } })).status).toBe('active');
  });
});

describe('expired sessions', () => {
  it('reports an expired session and gives its voucher back', async () => {
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 2000 });
    const result = await app.createCheckout(guest([regular.id, saleItem.id], card.code));
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ currentBalanceCents: 0, status: 'used' });
    await app.db().order.update({ where: { sessionId: result.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const status = await app.getCheckoutStatus(result.sessionId, { userId: null });
    expect(status).toEqual({ paymentStatus: 'unpaid', status: 'expired', productIds: expect.any(Array), items: [] });
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ currentBalanceCents: 2000, status: 'active', usedAt: null });
    expect((await orderBySession(result.sessionId)).redemption).toBeNull();

    await expectAppError(app.completeTestPayment(result.sessionId, 'late@example.com'), 'conflict', 'This checkout session has expired');
    // A second status check changes nothing.
    expect((await app.getCheckoutStatus(result.sessionId, { userId: null })).status).toBe('expired');
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).currentBalanceCents).toBe(2000);
  });

  it('keeps an open session open before it lapses', async () => {
    const result = await app.createCheckout(guest([regular.id]));
    expect(await app.getCheckoutStatus(result.sessionId, { userId: null })).toMatchObject({ paymentStatus: 'unpaid', status: 'open', items: [] });
  });

  it('schedules every paid checkout to lapse a minute after its session does', async () => {
    const result = await app.createCheckout(guest([regular.id]));
    const order = await orderBySession(result.sessionId);
    const jobs = await queuedJobs(app.ORDER_LAPSE_JOB, { orderId: order.id });
    expect(jobs).toMatchObject([{ state: 'created', data: { orderId: order.id } }]);
    expect(jobs[0].startAfter.getTime() - order.expiresAt!.getTime()).toBe(60_000);
  });

  it('lapses an unpaid order nobody looks at again, giving its voucher back once', async () => {
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 700 });
    const result = await app.createCheckout(guest([regular.id], card.code));
    const order = await orderBySession(result.sessionId);
    // Not yet lapsed: the job leaves it open and says so, so the queue retries.
    await expect(app.lapseOrder(order.id)).rejects.toThrow('still open');
    expect((await orderBySession(result.sessionId)).status).toBe('open');

    await app.db().order.update({ where: { id: order.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await app.lapseOrder(order.id);
    await app.lapseOrder(order.id);
    expect(await orderBySession(result.sessionId)).toMatchObject({ status: 'expired', fulfilledAt: null, redemption: null });
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ currentBalanceCents: 700, status: 'active' });
  });

  it('closes an order whose checkout died before its payment session was recorded', async () => {
    const code = await fx.voucher({ type: 'percentage', usageType: 'one_time', basisPoints: 2500 });
    const result = await app.createCheckout(guest([regular.id], code.code));
    const order = await orderBySession(result.sessionId);
    // What an outage between the two writes leaves behind.
    await app.db().order.update({ where: { id: order.id }, data: { sessionId: `pending_${order.id}`, expiresAt: new Date(Date.now() - 1000) } });
    await app.lapseOrder(order.id);
    expect(await app.db().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: 'expired', fulfilledAt: null });
    expect(await app.db().voucher.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ status: 'active', usedAt: null });
  });

  it('leaves a paid order alone when its lapse job runs', async () => {
    const result = await app.createCheckout(guest([regular.id]));
    await app.completeTestPayment(result.sessionId, 'paid@example.com');
    const order = await orderBySession(result.sessionId);
    await app.db().order.update({ where: { id: order.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await app.lapseOrder(order.id);
    expect(await orderBySession(result.sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });

  it("hides an account's order from other viewers", async () => {
    const owner = await fx.user();
    const result = await app.createCheckout({ productIds: [regular.id], userId: owner.id, customerEmail: owner.email, siteUrl: SITE_URL });
    expect((await app.getCheckoutStatus(result.sessionId, { userId: owner.id })).status).toBe('open');
    await expectAppError(app.getCheckoutStatus(result.sessionId, { userId: null }), 'not_found', 'Order not found');
    await expectAppError(app.getCheckoutStatus(result.sessionId, { userId: 'someoneelse' }), 'not_found', 'Order not found');
  });
});

describe('POST /api/validate-discount', () => {
  const validate = (query: string, ip = clientIp) =>
    app.validateRoute(new Request(`${SITE_URL}/api/validate-discount${query}`, { method: 'POST', headers: { 'x-forwarded-for': ip } }), {
      params: Promise.resolve({}),
    });

  it('reports what a code does to the subtotal', async () => {
    const voucher = await fx.voucher({ type: 'percentage', usageType: 'reusable', basisPoints: 3333 });
    const response = await validate(`?code=${voucher.code.toLowerCase()}&subtotal=9.99`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      valid: true,
      code: voucher.code,
      value: 6.66,
      discount: 3.33,
      description: '33.33% off',
      message: 'Discount code applied',
    });
  });

  it('reports an unusable code as invalid, with the reason', async () => {
    const used = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 500, status: 'used' });
    expect(await (await validate(`?code=${used.code}&subtotal=20`)).json()).toMatchObject({
      valid: false,
      value: 20,
      discount: 0,
      message: 'This discount code has already been used',
    });
    expect(await (await validate('?code=NOPE-NOPE')).json()).toMatchObject({ valid: false, message: 'Invalid discount code' });
  });

  it("refuses an empty code with 'Please enter a discount code'", async () => {
    const response = await validate('?code=');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Please enter a discount code', code: 'invalid_request' });
  });

  it('rate-limits guessing per client address', async () => {
    const ip = `10.11.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < app.RATE_LIMITS.validateDiscount.limit; i++) expect((await validate('?code=GUESS-0000', ip)).status).toBe(200);
    const limited = await validate('?code=GUESS-0000', ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { code: string }).code).toBe('rate_limited');
    expect((await validate('?code=GUESS-0000', `${ip}9`)).status).toBe(200);
  });
});

describe('the order email job', () => {
  it('sends one confirmation per paid order, however often the queue runs', async () => {
    const email = `receipt-${fx.suffix}@example.com`;
    const result = await app.createCheckout({ ...guest([regular.id]), customerEmail: email });
    await app.completeTestPayment(result.sessionId, null);
    const order = await orderBySession(result.sessionId);
    // The shop's own handlers, without the polling timer.
    app.registerJobHandlers();
    await app.runDueJobs();
    await app.runDueJobs();
    await app.completeTestPayment(result.sessionId, null);
    await app.runDueJobs();

    expect((await emailJobs(order.id)).map((j) => j.state)).toEqual(['completed']);
    const outbox = await app.db().outboxEmail.findMany({ where: { to: email } });
    expect(outbox).toHaveLength(1);
    expect(outbox[0].subject).toContain(result.sessionId.slice(-12));
    expect(outbox[0].text).toContain(`${SITE_URL}/success?session_id=${result.sessionId}`);
    expect(outbox[0].text).toContain('12.50 AUD');
    expect(await app.db().emailLog.count({ where: { orderId: order.id, status: 'sent', recipientEmail: email } })).toBe(1);

    // A worker that died after sending, before marking the job done: the job runs again, the email does not.
    const [job] = await emailJobs(order.id);
    await app.db().$executeRaw`UPDATE pgboss.job SET state = 'active', completed_on = NULL WHERE id = ${job.id}::uuid`;
    await ageActiveJobs([job.id], 61);
    await app.maintainJobQueue();
    expect((await emailJobs(order.id)).map((j) => j.state)).toEqual(['retry']);
    await makeRetriesDue(app.ORDER_EMAIL_JOB);
    await app.runDueJobs();
    expect((await emailJobs(order.id)).map((j) => j.state)).toEqual(['completed']);
    expect(await app.db().outboxEmail.count({ where: { to: email } })).toBe(1);
    // An admin's resend is not held back by it.
    await app.sendOrderEmail(order.id, { sentBy: 'admin' });
    expect(await app.db().outboxEmail.count({ where: { to: email } })).toBe(2);
  });
});
