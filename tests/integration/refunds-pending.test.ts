// A refund is never half done (Decision 075), with Stripe played by the local
// stand-in and the shop's own Postgres: when Stripe's answer is lost, when the
// shop's transaction fails after Stripe made the refund, when Stripe is down,
// and when the same request arrives several times at once, the money leaves
// once and exactly the chosen items end, settled from Stripe's answer, its
// webhook or the settle job.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, settle } from '../support/fixtures';
import { queuedJobs } from '../support/jobs';
import { startStripeStandInForShop, type StripeStandIn } from '../support/stripe-stand-in';
import { signedWebhookRequest } from '../support/signed-webhook';
import { loadRefundApp, stripeRefundKit, type RefundApp } from '../support/stripe-refunds';

const SITE_URL = 'https://shop.example.test';
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
process.env.SITE_URL = SITE_URL;

const fx = createFixtures('RefPending');
const REFUNDS = /^\/v1\/refunds$/;

let stripe: StripeStandIn;
let app: RefundApp;
let kit: ReturnType<typeof stripeRefundKit>;
let cheap: { id: string };
let dear: { id: string };

const key = () => `key-${randomBytes(8).toString('hex')}`;
const stripeRefundsOf = (paymentIntentId: string) => stripe.refunds.filter((r) => r.payment_intent === paymentIntentId);
const refundRows = (sessionId: string) => app.db().refund.findMany({ where: { order: { sessionId } }, orderBy: { createdAt: 'asc' } });

/** Every settle of a pending refund fails inside the shop's transaction, as a database failing at that moment would. */
async function whileSettlingFails<T>(work: () => Promise<T>): Promise<T> {
  await app
    .db()
    .$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION test_settle_fails() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'the refund''s transaction failed'; END $$ LANGUAGE plpgsql`,
    );
  await app
    .db()
    .$executeRawUnsafe(
      `CREATE TRIGGER test_settle_fails BEFORE UPDATE ON "Refund" FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status = 'succeeded') EXECUTE FUNCTION test_settle_fails()`,
    );
  try {
    return await work();
  } finally {
    await app.db().$executeRawUnsafe('DROP TRIGGER test_settle_fails ON "Refund"');
  }
}

beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await loadRefundApp();
  kit = stripeRefundKit(app, stripe, { siteUrl: SITE_URL, webhookSecret: WEBHOOK_SECRET });
  const file = (n: string) => ({ storageKey: `it-refunds-pending/${fx.suffix}/${n}`, originalFilename: n });
  cheap = await fx.product({ priceCents: 1000, files: [file('cheap.pdf')] });
  dear = await fx.product({ priceCents: 2500, files: [file('dear.pdf')] });
  app.registerJobHandlers();
});

afterAll(async () => {
  stripe?.recover();
  await stripe?.close();
});

describe('Stripe made the refund but its answer was lost', () => {
  it('stays pending with the items still downloading; a retry with the same key gets the same refund, the money leaves once', async () => {
    const { sessionId, email, paymentIntentId } = await kit.paidOrder([cheap.id, dear.id]);
    const idempotencyKey = key();
    // The SDK's first try and both of its retries: each reaches Stripe, no answer comes back.
    stripe.loseAnswers(REFUNDS, 3);
    const first = await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id], idempotencyKey });
    expect(first).toMatchObject({ status: 'pending', amountCents: 1000, productIds: [cheap.id], throughStripe: true });
    const posts = stripe.requestsTo('POST', '/v1/refunds');
    expect(posts.map((r) => [r.idempotencyKey, r.replayed, r.status])).toEqual([
      [`refund-${first.id}`, false, 0],
      [`refund-${first.id}`, true, 0],
      [`refund-${first.id}`, true, 0],
    ]);
    expect(stripeRefundsOf(paymentIntentId)).toMatchObject([{ amount: 1000, metadata: { refund_id: first.id } }]);
    expect(await kit.refundedIds(sessionId)).toEqual([]);
    expect(await kit.downloadStatus(sessionId, cheap.id)).toBe('ok');

    stripe.reset();
    const again = await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id], idempotencyKey });
    expect(again).toMatchObject({ id: first.id, status: 'succeeded', amountCents: 1000, productIds: [cheap.id] });
    // Found among the payment's refunds: nothing asked of Stripe twice.
    expect(stripe.requestsTo('POST', '/v1/refunds')).toHaveLength(0);
    expect(stripeRefundsOf(paymentIntentId)).toHaveLength(1);
    expect(stripe.charge(paymentIntentId).amount_refunded).toBe(1000);
    expect(await kit.refundedIds(sessionId)).toEqual([cheap.id]);
    expect(await kit.downloadStatus(sessionId, dear.id)).toBe('ok');

    // Stripe's charge.refunded for it, and a third try of the request: still one refund.
    expect(await kit.deliver(stripe.event('charge.refunded', stripe.charge(paymentIntentId)))).toBe('processed');
    expect(await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id], idempotencyKey })).toMatchObject({ id: first.id, status: 'succeeded' });
    expect(await refundRows(sessionId)).toMatchObject([
      { id: first.id, source: 'admin', status: 'succeeded', stripeRefundId: stripeRefundsOf(paymentIntentId)[0].id },
    ]);
    expect(await kit.refundMails(email)).toBe(1);
  });

  it('the settle job finishes it when nobody retries', async () => {
    const { sessionId, paymentIntentId } = await kit.paidOrder([cheap.id, dear.id]);
    stripe.loseAnswers(REFUNDS, 3);
    const pending = await app.refundOrder({ actor: 'admin', sessionId, productIds: [dear.id], idempotencyKey: key() });
    expect(pending.status).toBe('pending');
    const [job] = await queuedJobs('refund-settle', { refundId: pending.id });
    expect(job.startAfter.getTime()).toBeGreaterThan(Date.now() + 60_000);
    await app.db().$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE id = ${job.id}::uuid`;
    stripe.reset();
    await app.runDueJobs();
    expect(await refundRows(sessionId)).toMatchObject([{ id: pending.id, status: 'succeeded', stripeRefundId: stripeRefundsOf(paymentIntentId)[0].id }]);
    expect(stripe.requestsTo('POST', '/v1/refunds')).toHaveLength(0);
    expect(await kit.refundedIds(sessionId)).toEqual([dear.id]);
  });
});

describe('Stripe made the refund but the shop could not record it', () => {
  it('the charge.refunded webhook settles the pending refund on exactly the chosen items, not as a refund made elsewhere', async () => {
    const coupon = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 500 });
    const { sessionId, email, paymentIntentId } = await kit.paidOrder([cheap.id, dear.id], coupon.code);
    // dear's share of the 3000 paid (2143) is the larger: a refund from elsewhere would end cheap, the cheaper.
    const result = await whileSettlingFails(() => app.refundOrder({ actor: 'admin', sessionId, productIds: [dear.id], idempotencyKey: key() }));
    expect(result).toMatchObject({ status: 'pending', amountCents: 2143, productIds: [dear.id] });
    expect(stripe.charge(paymentIntentId)).toMatchObject({ amount_refunded: 2143 });
    expect(await kit.refundedIds(sessionId)).toEqual([]);

    expect(await kit.deliver(stripe.event('charge.refunded', stripe.charge(paymentIntentId)))).toBe('processed');
    expect(await kit.refundedIds(sessionId)).toEqual([dear.id]);
    expect(await kit.downloadStatus(sessionId, cheap.id)).toBe('ok');
    const rows = await refundRows(sessionId);
    expect(rows).toMatchObject([{ id: result.id, source: 'admin', status: 'succeeded', amountCents: 2143, actor: 'admin', itemIds: [expect.any(String)] }]);
    expect(await app.db().adjustmentNote.count({ where: { refundId: result.id } })).toBe(1);
    expect(await kit.refundMails(email)).toBe(1);
    expect(await app.db().auditLog.count({ where: { action: 'order.refund', details: { path: ['refund_id'], equals: result.id } } })).toBe(1);
  });

  it('a refund.updated event names the refund in its metadata and settles it too', async () => {
    const { sessionId, paymentIntentId } = await kit.paidOrder([cheap.id, dear.id]);
    const result = await whileSettlingFails(() => app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id], idempotencyKey: key() }));
    expect(result.status).toBe('pending');
    const [made] = stripeRefundsOf(paymentIntentId);
    expect(await kit.deliver(stripe.event('refund.updated', made))).toBe('processed');
    expect(await kit.refundedIds(sessionId)).toEqual([cheap.id]);
    expect(await refundRows(sessionId)).toMatchObject([{ id: result.id, status: 'succeeded', stripeRefundId: made.id }]);
  });
});

describe('Stripe down, or refusing', () => {
  it('a refund Stripe never made is made by the settle job, once', async () => {
    const { sessionId, paymentIntentId } = await kit.paidOrder([cheap.id]);
    stripe.fail(500, { path: REFUNDS, times: 3 });
    const pending = await app.refundOrder({ actor: 'admin', sessionId, idempotencyKey: key() });
    expect(pending).toMatchObject({ status: 'pending', productIds: [cheap.id] });
    expect(stripeRefundsOf(paymentIntentId)).toHaveLength(0);
    // Another request for the same item meanwhile is refused: the item is the pending refund's.
    const other = await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id], idempotencyKey: key() }).catch((e: Error) => e);
    expect(other).toMatchObject({ code: 'conflict', message: expect.stringContaining('already waiting for Stripe') });
    await app.db().$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = 'refund-settle' AND data->>'refundId' = ${pending.id}`;
    await app.runDueJobs();
    expect(stripeRefundsOf(paymentIntentId)).toMatchObject([{ amount: 1000, metadata: { refund_id: pending.id } }]);
    expect(await refundRows(sessionId)).toMatchObject([{ id: pending.id, status: 'succeeded' }]);
  });

  it('money refunded elsewhere while a refund is pending waits for it (503, so Stripe delivers again), then ends other items', async () => {
    const { sessionId, paymentIntentId } = await kit.paidOrder([cheap.id, dear.id]);
    stripe.fail(500, { path: REFUNDS, times: 3 });
    const pending = await app.refundOrder({ actor: 'admin', sessionId, productIds: [dear.id], idempotencyKey: key() });
    expect(pending.status).toBe('pending');
    const event = stripe.event('charge.refunded', stripe.refundInDashboard(paymentIntentId, 1000));
    const early = await app.webhook(signedWebhookRequest(SITE_URL, WEBHOOK_SECRET, event), { params: Promise.resolve({}) });
    expect(early.status).toBe(503);
    expect(await kit.refundedIds(sessionId)).toEqual([]);
    await app.db().$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = 'refund-settle' AND data->>'refundId' = ${pending.id}`;
    await app.runDueJobs();
    // Delivered again, it says 1000 of the charge is refunded: the settled 2500 covers that. Stripe's
    // event for the shop's refund (3500 refunded by then) shows the 1000 from elsewhere, which is cheap's.
    expect(await kit.deliver({ ...event, id: `evt_${randomBytes(8).toString('hex')}` })).toBe('processed');
    expect(await kit.deliver(stripe.event('charge.refunded', stripe.charge(paymentIntentId)))).toBe('processed');
    expect(await refundRows(sessionId)).toMatchObject([
      { id: pending.id, source: 'admin', status: 'succeeded', itemIds: [expect.any(String)] },
      { source: 'stripe_refund', amountCents: 1000 },
    ]);
    expect(await kit.refundedIds(sessionId)).toEqual([cheap.id, dear.id].sort());
  });

  it('a refund.failed event for a pending refund drops it and frees its items', async () => {
    const { sessionId, paymentIntentId } = await kit.paidOrder([cheap.id]);
    const result = await whileSettlingFails(() => app.refundOrder({ actor: 'admin', sessionId, idempotencyKey: key() }));
    const [made] = stripeRefundsOf(paymentIntentId);
    expect(await kit.deliver(stripe.event('refund.failed', { ...made, status: 'failed' }))).toBe('processed');
    expect(await refundRows(sessionId)).toEqual([]);
    expect(await app.db().auditLog.count({ where: { action: 'order.refund_refused', details: { path: ['refund_id'], equals: result.id } } })).toBe(1);
    expect(await kit.downloadStatus(sessionId, cheap.id)).toBe('ok');
  });
});

describe('the same refund asked for several times at once', () => {
  it('five submits with one key make one refund; five with their own keys, one refund and four refusals', async () => {
    const { sessionId, email, paymentIntentId } = await kit.paidOrder([cheap.id, dear.id]);
    const idempotencyKey = key();
    const same = await settle(Array.from({ length: 5 }, () => app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id], idempotencyKey })));
    expect(same.failed).toEqual([]);
    expect(new Set(same.ok.map((r) => r.id)).size).toBe(1);
    expect(same.ok.every((r) => r.status === 'succeeded' && r.amountCents === 1000)).toBe(true);

    const racing = await settle(Array.from({ length: 5 }, () => app.refundOrder({ actor: 'admin', sessionId, productIds: [dear.id], idempotencyKey: key() })));
    expect(racing.ok).toHaveLength(1);
    expect(racing.failed).toHaveLength(4);
    for (const error of racing.failed) expect(error).toMatchObject({ code: 'conflict' });

    expect(stripeRefundsOf(paymentIntentId).map((r) => r.amount)).toEqual([1000, 2500]);
    expect(await refundRows(sessionId)).toHaveLength(2);
    expect(await kit.refundedIds(sessionId)).toEqual([cheap.id, dear.id].sort());
    expect(await kit.refundMails(email)).toBe(2);
  });

  it('refuses a key used before for other items (409)', async () => {
    const { sessionId } = await kit.paidOrder([cheap.id, dear.id]);
    const idempotencyKey = key();
    await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id], idempotencyKey });
    const reused = await app.refundOrder({ actor: 'admin', sessionId, productIds: [dear.id], idempotencyKey }).catch((e: Error) => e);
    expect(reused).toMatchObject({ code: 'conflict', message: 'This idempotency key was already used for a different refund of this order' });
    expect(await kit.refundedIds(sessionId)).toEqual([cheap.id]);
  });
});
