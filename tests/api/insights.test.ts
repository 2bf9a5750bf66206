// GET /api/admin/insights over HTTP against the built shop (test payment
// mode): the answer read through its contract schema, a payment and a refund
// made through the API moving today's figures by exactly their amounts, and
// every bad range refused in the one error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '@/lib/calendar';
import { insightsResponse, type InsightsResponse } from '@/lib/contract/insights';
import { adminToken, call, closeDb, expectErrorShape, registerCustomer, type Customer } from '../security/helpers';
import { expectError, expectShape, listProducts } from './helpers';

let admin: Record<string, string>;
let buyer: Customer;

const insights = async (query: string, headers = admin) => call('GET', `/api/admin/insights?${query}`, { headers });

/** The body in the contract, with no field the contract does not name (zod drops unknown keys, so the parse must equal the body). */
function exactly(body: unknown): InsightsResponse {
  const parsed = expectShape(insightsResponse, body);
  expect(body).toStrictEqual(parsed);
  return parsed;
}

async function today(): Promise<InsightsResponse> {
  const day = shopDay();
  const res = await insights(`from=${day}&to=${day}&interval=day`);
  expect(res.status, res.text).toBe(200);
  return exactly(res.body);
}

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  buyer = await registerCustomer('insights-api');
});

afterAll(closeDb);

describe('GET /api/admin/insights', () => {
  it('answers the contract for a financial year by month, with every quarter of its BAS', async () => {
    const res = await insights('from=2025-07-01&to=2026-06-30&interval=month');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = exactly(res.body);
    expect(Object.keys(body.totals).sort()).toEqual(Object.keys(insightsResponse.shape.totals.shape).sort());
    expect(body).toMatchObject({ from: '2025-07-01', to: '2026-06-30', interval: 'month', time_zone: 'Australia/Sydney' });
    expect(body.series.map((p) => p.from)).toEqual([
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    expect(body.membership_revenue).toHaveLength(12);
    expect(body.bas.map((q) => [q.quarter, q.from, q.to])).toEqual([
      ['Jul–Sep 2025', '2025-07-01', '2025-09-30'],
      ['Oct–Dec 2025', '2025-10-01', '2025-12-31'],
      ['Jan–Mar 2026', '2026-01-01', '2026-03-31'],
      ['Apr–Jun 2026', '2026-04-01', '2026-06-30'],
    ]);
  });

  it('charts by day when no interval is given: one period per day, the edge weeks cut to the range', async () => {
    const byDay = await insights('from=2026-02-27&to=2026-03-02');
    expect(byDay.status, byDay.text).toBe(200);
    const days = exactly(byDay.body);
    expect(days.interval).toBe('day');
    expect(days.series.map((p) => [p.from, p.to])).toEqual([
      ['2026-02-27', '2026-02-27'],
      ['2026-02-28', '2026-02-28'],
      ['2026-03-01', '2026-03-01'],
      ['2026-03-02', '2026-03-02'],
    ]);
    expect(days.membership_revenue.map((m) => [m.from, m.to])).toEqual([
      ['2026-02-27', '2026-02-28'],
      ['2026-03-01', '2026-03-02'],
    ]);
    // 2026-02-27 is a Friday: its week is cut to Friday–Sunday, the next one to Monday.
    const byWeek = exactly((await insights('from=2026-02-27&to=2026-03-02&interval=week')).body);
    expect(byWeek.series.map((p) => [p.from, p.to])).toEqual([
      ['2026-02-27', '2026-03-01'],
      ['2026-03-02', '2026-03-02'],
    ]);
    expect(byWeek.bas.map((q) => q.quarter)).toEqual(['Jan–Mar 2026']);
  });

  it("moves today's figures by exactly a payment's and a refund's amounts", async () => {
    const [product] = (await listProducts('?limit=40')).filter((p) => !p.is_bundle && p.price > 1);
    const before = await today();
    const checkout = await call('POST', '/api/checkout/session', { headers: buyer.auth, json: [{ product_id: product.id }] });
    expect(checkout.status, checkout.text).toBe(200);
    const sessionId = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec((checkout.body as { url: string }).url)![1];
    const paid = await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: buyer.auth, json: {} });
    expect(paid.status, paid.text).toBe(200);
    const price = product.on_sale && product.sale_price !== null ? product.sale_price : product.price;

    const after = await today();
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(cents(after.totals.gross_sales - before.totals.gross_sales)).toBe(cents(price));
    expect(after.totals.orders - before.totals.orders).toBe(1);
    expect(after.totals.charged_orders - before.totals.charged_orders).toBe(1);
    expect(after.totals.new_customers + after.totals.returning_customers).toBeGreaterThanOrEqual(1);
    // Other suites' sales today share the ranking: the item is in the top ten by revenue, or ten others took more.
    const ranking = after.top_products.by_revenue;
    const sold = ranking.find((i) => i.product_id === product.id);
    if (sold) expect(sold).toMatchObject({ title: product.title, is_bundle: false });
    else {
      expect(ranking).toHaveLength(10);
      for (const other of ranking) expect(cents(other.net_revenue)).toBeGreaterThanOrEqual(cents(price));
    }

    const refund = await call('POST', '/api/admin/orders/refund', { headers: admin, json: { session_id: sessionId } });
    expect(refund.status, refund.text).toBe(200);
    const refunded = await today();
    expect(cents(refunded.totals.refunds - after.totals.refunds)).toBe(cents(price));
    expect(refunded.totals.refund_count - after.totals.refund_count).toBe(1);
    expect(cents(refunded.totals.net_sales)).toBe(cents(after.totals.net_sales) - cents(price));
    expect(cents(refunded.totals.gross_sales)).toBe(cents(after.totals.gross_sales));
  });

  it('refuses a bad range in the one error shape: 400 invalid_request naming the field', async () => {
    const cases: [string, string][] = [
      ['to=2026-06-30', 'from'],
      ['from=2026-07-01', 'to'],
      ['from=2026-07-01&to=2026-06-30', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=1%2F7%2F2026&to=2026-07-31', 'from'],
      ['from=2020-01-01&to=2026-06-30', 'to'],
      ['from=2026-07-01&to=2026-07-31&interval=year', 'interval'],
    ];
    for (const [query, field] of cases) {
      const res = await insights(query);
      expectErrorShape(res, 400);
      expectError(res, 400, 'invalid_request');
      expect(Object.keys((res.body as { fields?: object }).fields ?? {}), query).toContain(field);
    }
  });

  it('is for the admin only: a visitor, a customer and a forged token get 401', async () => {
    expectErrorShape(await insights('from=2026-07-01&to=2026-07-31', {}), 401);
    expectErrorShape(await insights('from=2026-07-01&to=2026-07-31', buyer.auth), 401);
    expectError(await insights('from=2026-07-01&to=2026-07-31', { authorization: 'Bearer not-a-token' }), 401, 'unauthorized');
    // Access is checked before the query: a stranger learns nothing from a bad range either.
    expectError(await insights('from=nonsense', {}), 401, 'unauthorized');
  });
});
