// Insights figures against the records they count, with Stripe (the local
// stand-in) and signed webhooks. Four months of random trading on a moving
// clock (card orders with and without codes, gift cards, member $0 orders,
// renewals, back-office and dashboard refunds, disputes won and lost, the
// business registering for GST, members cancelling) across Sydney's daylight
// saving change, two quarters and a financial year; then every figure is
// recomputed from the raw orders and refunds in TypeScript, the running
// tables are compared with a rebuild from scratch, and each quarter's BAS is
// added up from the tax invoice and adjustment note PDFs themselves.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, shopDay } from '@/lib/calendar';
import { createFixtures } from '../support/fixtures';
import { REGISTERED_BUSINESS } from '../support/business';
import { expectedInsights, loadRaw } from '../support/insights-recompute';
import { startStripeStandInForShop, type StripeStandIn } from '../support/stripe-stand-in';
import { signedWebhookRequest } from '../support/signed-webhook';
import { checkFigures, loadInsightsApp, randomTrading, type App, type Trading } from '../support/insights-trading';

const SITE_URL = 'https://shop.example.test';
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
process.env.SITE_URL = SITE_URL;
delete process.env.SMTP_URL;

const fx = createFixtures('Insights');

let stripe: StripeStandIn;
let app: App;
let trading: Trading;

async function deliver(event: { id: string }) {
  const response = await app.webhook(signedWebhookRequest(SITE_URL, WEBHOOK_SECRET, event), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await loadInsightsApp();
  // Only the clock moves: timers stay real, so the database driver and the webhook's HTTP keep working.
  vi.useFakeTimers({ toFake: ['Date'] });
  trading = await randomTrading({ app, stripe, fx, deliver, siteUrl: SITE_URL, registered: REGISTERED_BUSINESS });
}, 240_000);

afterAll(async () => {
  vi.useRealTimers();
  await stripe?.close();
});

const snapshot = async () => {
  const tables: Record<string, unknown[]> = {};
  for (const table of app.FIGURE_TABLES) {
    // A customer's day slotted between two known days can leave a pair at zero: it counts nothing.
    const rows = await app.db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${table}" ORDER BY 1, 2`);
    tables[table] = rows.filter((row) => !(table === 'SalesDayCustomers' && row.customers === 0));
  }
  return tables;
};

describe('Insights figures after four months of random trading', () => {
  it('traded what the test meant to: every kind of record exists', () => {
    expect(trading.counts).toMatchObject({
      cardOrders: expect.any(Number),
      adminRefunds: expect.any(Number),
      dashboardRefunds: expect.any(Number),
      disputesWon: expect.any(Number),
      disputesLost: expect.any(Number),
    });
    for (const [kind, count] of Object.entries(trading.counts)) expect(count, kind).toBeGreaterThan(0);
  });

  it('equal the figures recomputed from the raw orders and refunds, for every range and interval', async () => {
    const raw = await loadRaw(app);
    for (const { range, interval } of trading.ranges) {
      const actual = await app.getInsights(range, interval, trading.now);
      const expected = expectedInsights(app, raw, range, interval, trading.now);
      checkFigures(actual, expected, `${range.from}..${range.to} by ${interval}`);
    }
  });

  it('rank the same whether proven from a few leaders per period, from more, or from every product', async () => {
    const { topItems } = await import('@/lib/domain/insights/top');
    for (const range of [
      { from: '2026-03-20', to: '2026-07-12' },
      { from: '2026-03-17', to: '2026-06-12' },
    ]) {
      const full = await topItems(app.db(), range, []);
      expect(full.products.byRevenue.length).toBeGreaterThan(3);
      for (const rounds of [[1], [1, 2], [2, 3], [50]]) expect(await topItems(app.db(), range, rounds), `K ${rounds.join(', ')}`).toEqual(full);
    }
  });

  it('are what a rebuild from every record gives, row for row', async () => {
    const running = await snapshot();
    expect(running.SalesDay.length).toBeGreaterThan(50);
    await app.rebuildSalesFigures();
    expect(await snapshot()).toEqual(running);
  });

  it("give each quarter's BAS G1 and 1A as its tax invoices and adjustment notes add up", async () => {
    const documents = await trading.documents();
    for (const quarter of trading.quarters) {
      const inQuarter = documents.filter((d) => d.day >= quarter.from && d.day <= quarter.to);
      const g1 = inQuarter.reduce((sum, d) => sum + d.totalCents, 0);
      const gst = inQuarter.reduce((sum, d) => sum + d.gstCents, 0);
      const [bas] = (await app.getInsights(quarter, 'month', trading.now)).bas;
      expect({ quarter: quarter.from, g1: bas.g1Cents, gst: bas.gstCents }).toEqual({ quarter: quarter.from, g1, gst });
      if (quarter.from > '2026-04-01')
        expect(
          inQuarter.some((d) => d.totalCents < 0),
          `${quarter.from} has an adjustment note`,
        ).toBe(true);
    }
    // Registration began in the second quarter: the first has sales but no GST.
    const first = await app.getInsights(trading.quarters[0], 'month', trading.now);
    expect(first.totals.grossSalesCents).toBeGreaterThan(0);
    expect(first.bas[0]).toMatchObject({ g1Cents: 0, gstCents: 0 });
  });

  it('counts a sale and a refund once, however often their paths call, and not at all when the payment rolls back', async () => {
    const before = await snapshot();
    const order = await app.db().order.findFirstOrThrow({ where: { fulfilledAt: { not: null }, kind: 'payment' } });
    const refund = await app.db().refund.findFirstOrThrow({ where: { source: 'admin' } });
    await app.db().$transaction(async (tx) => {
      await app.recordSaleFigures(tx, order.id);
      await app.recordRefundFigures(tx, refund.id);
    });
    expect(await snapshot()).toEqual(before);

    const product = await fx.product({ priceCents: 1500 });
    const { sessionId } = await app.createCheckout({ productIds: [product.id], userId: null, customerEmail: 'rollback@example.com', siteUrl: SITE_URL });
    const { id } = await app.db().order.findUniqueOrThrow({ where: { sessionId } });
    await expect(
      app.db().$transaction(async (tx) => {
        await tx.order.update({ where: { id }, data: { fulfilledAt: new Date(), paymentStatus: 'paid', status: 'complete' } });
        await app.recordSaleFigures(tx, id);
        throw new Error('the payment failed after its figures were written');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await snapshot()).toEqual(before);
  });

  it('counts a refund waiting for Stripe only once it settles, on the day it settled', async () => {
    const product = await fx.product({ priceCents: 2200 });
    const email = `pending-${randomBytes(4).toString('hex')}@example.com`;
    const { sessionId } = await app.createCheckout({ productIds: [product.id], userId: null, customerEmail: email, discountCode: null, siteUrl: SITE_URL });
    await deliver(stripe.event('checkout.session.completed', stripe.markPaid(sessionId, email)));
    const askedDay = shopDay(new Date());
    const before = await snapshot();

    // Stripe makes the refund, but its answer never arrives: pending, nothing given back yet.
    stripe.loseAnswers(/^\/v1\/refunds$/, 3);
    const idempotencyKey = `insights-${randomBytes(6).toString('hex')}`;
    const pending = await app.refundOrder({ actor: 'admin', sessionId, idempotencyKey });
    expect(pending.status).toBe('pending');
    expect(await snapshot()).toEqual(before);

    // Settled the next day by the retry.
    stripe.recover();
    vi.setSystemTime(new Date(Date.now() + 86_400_000));
    const settledDay = shopDay(new Date());
    expect(settledDay).not.toBe(askedDay);
    const dayBefore = await app.getInsights({ from: settledDay, to: settledDay }, 'day', new Date());
    expect(await app.refundOrder({ actor: 'admin', sessionId, idempotencyKey })).toMatchObject({ id: pending.id, status: 'succeeded' });
    const dayAfter = await app.getInsights({ from: settledDay, to: settledDay }, 'day', new Date());
    expect([dayAfter.totals.refunds - dayBefore.totals.refunds, dayAfter.totals.refundCents - dayBefore.totals.refundCents]).toEqual([1, 2200]);

    const raw = await loadRaw(app);
    for (const range of [
      { from: askedDay, to: askedDay },
      { from: settledDay, to: settledDay },
    ]) {
      checkFigures(await app.getInsights(range, 'day', new Date()), expectedInsights(app, raw, range, 'day', new Date()), `${range.from} after settling`);
    }
    const running = await snapshot();
    await app.rebuildSalesFigures();
    expect(await snapshot()).toEqual(running);
  });

  it('counts members cancelling once per period, on the day they cancelled', async () => {
    const whole = await app.getInsights({ from: '2026-03-20', to: '2026-09-30' }, 'month', trading.now);
    expect(whole.totals.membersCancelled).toBe(trading.counts.cancellations);
    const [first] = trading.cancelled;
    const thatDay = await app.getInsights({ from: first, to: first }, 'day', trading.now);
    expect(thatDay.totals.membersCancelled).toBe(trading.cancelled.filter((day) => day === first).length);
    const dayBefore = await app.getInsights({ from: '2026-03-20', to: addDays(first, -1) }, 'day', trading.now);
    expect(dayBefore.totals.membersCancelled).toBe(0);
  });
});
