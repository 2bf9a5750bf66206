// docs/security.md S4: the server prices every item from the database. Prices,
// quantities and titles the browser sends change nothing; unknown ids, wrong
// types and impossible values are refused in the error shape with nothing
// written (no order, no voucher reservation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '@/lib/contract/catalog';
import { adminToken, call, clearRateLimits, closeDb, count, expectErrorShape, sql } from './helpers';
import { listProducts } from '../api/helpers';

let product: ProductResponse;
let second: ProductResponse;
let oneTimeCode: string;

const cents = (dollars: number) => Math.round(dollars * 100);
const checkout = (body: unknown, query = '') => call('POST', `/api/checkout/session${query}`, { json: body });

async function orderOf(sessionId: string) {
  const [order] = await sql<{ id: string; amountCents: number; subtotalCents: number; discountCents: number; voucherId: string | null }>(
    `SELECT id, "amountCents", "subtotalCents", "discountCents", "voucherId" FROM "Order" WHERE "sessionId" = $1`,
    [sessionId],
  );
  const items = await sql<{ productId: string; title: string; priceCents: number }>(
    `SELECT "productId", title, "priceCents" FROM "OrderItem" WHERE "orderId" = $1`,
    [order.id],
  );
  return { ...order, items };
}

/** Counts of every row a checkout could leave behind. */
const footprint = async () => ({
  orders: await count('Order'),
  items: await count('OrderItem'),
  redemptions: await count('VoucherRedemption'),
  voucher: (
    await sql<{ currentBalanceCents: number | null; status: string }>(`SELECT "currentBalanceCents", status FROM "Voucher" WHERE code = $1`, [oneTimeCode])
  )[0],
});

beforeAll(async () => {
  await clearRateLimits('checkout');
  const products = (await listProducts('?limit=40')).filter((p) => !p.on_sale && p.price >= 1);
  [product, second] = products;
  const created = await call('POST', '/api/admin/vouchers/create', {
    headers: { authorization: `Bearer ${await adminToken()}` },
    json: { customer_email: 'tamper@example.com', type: 'fixed_amount', value: 5, usage_type: 'one_time' },
  });
  expect(created.status, created.text).toBe(201);
  oneTimeCode = (created.body as { code: string }).code;
});

afterAll(async () => {
  await clearRateLimits('checkout');
  await clearRateLimits('discount');
  await closeDb();
});

describe('prices come from the database', () => {
  it('ignores a tampered price and title', async () => {
    const res = await checkout([{ product_id: product.id, price: 0.01, title: 'Free thing', is_bundle: false }]);
    expect(res.status, res.text).toBe(200);
    const order = await orderOf((res.body as { session_id: string }).session_id);
    expect(order.amountCents).toBe(cents(product.price));
    expect(order.items).toEqual([{ productId: product.id, title: product.title, priceCents: cents(product.price) }]);
  });

  it.each([
    ['a negative quantity', { quantity: -5, price: -100 }],
    ['a zero quantity', { quantity: 0, price: 0 }],
    ['a huge quantity', { quantity: 1e9, price: 1e308 }],
  ])('charges one unit at the database price for %s (the cart has no quantities)', async (_label, extra) => {
    const res = await checkout([{ product_id: product.id, ...extra }]);
    expect(res.status, res.text).toBe(200);
    const order = await orderOf((res.body as { session_id: string }).session_id);
    expect(order.amountCents).toBe(cents(product.price));
    expect(order.items).toHaveLength(1);
  });

  it('collapses duplicate ids into one line', async () => {
    const res = await checkout({ items: [{ product_id: product.id }, { product_id: product.id }, { product_id: second.id }, { product_id: product.id }] });
    expect(res.status, res.text).toBe(200);
    const order = await orderOf((res.body as { session_id: string }).session_id);
    expect(order.items.map((i) => i.productId).sort()).toEqual([product.id, second.id].sort());
    expect(order.amountCents).toBe(cents(product.price) + cents(second.price));
  });
});

describe('refused without writing anything', () => {
  const cases: [string, unknown, string?][] = [
    ['an unknown id', [{ product_id: 'doesnotexist000' }]],
    ['a known id next to an unknown one', [{ product_id: 'PRODUCT' }, { product_id: 'doesnotexist000' }]],
    ['a deleted-looking id with symbols', [{ product_id: "x' OR 1=1" }]],
    ['an empty cart', []],
    ['a numeric id', [{ product_id: 12345 }]],
    ['a null id', [{ product_id: null }]],
    ['an id list', [{ product_id: ['a', 'b'] }]],
    ['a string price', [{ product_id: 'PRODUCT', price: 'free' }]],
    ['a string is_bundle', [{ product_id: 'PRODUCT', is_bundle: 'yes' }]],
    ['a body that is not a list', { product_id: 'PRODUCT' }],
    ['a string body', 'PRODUCT'],
    ['items that are not a list', { items: 'PRODUCT' }],
    ['101 items', Array.from({ length: 101 }, (_, i) => ({ product_id: `p${i}` }))],
    ['an unknown discount code', [{ product_id: 'PRODUCT' }], '?discount_code=NOPE-NOPE-NOPE'],
    ['a malformed discount code', [{ product_id: 'PRODUCT' }], `?discount_code=${encodeURIComponent('<x>')}`],
    ['a valid voucher with an unknown item', [{ product_id: 'PRODUCT' }, { product_id: 'doesnotexist000' }], '?discount_code=ONE_TIME'],
  ];

  it.each(cases)('%s → 400 in the error shape', async (_label, body, query = '') => {
    const fill = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll('PRODUCT', product.id));
    const before = await footprint();
    const res = await checkout(fill(body), query.replace('ONE_TIME', oneTimeCode));
    expectErrorShape(res, [400, 422]);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
    expect(await footprint()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const before = await footprint();
    const res = await call('POST', '/api/checkout/session', { headers: { 'content-type': 'application/json' }, body: '[{"product_id":' });
    expectErrorShape(res, 400);
    expect(await footprint()).toEqual(before);
  });

  it('the one-time voucher is still whole afterwards', async () => {
    const state = await footprint();
    expect(state.voucher).toEqual({ currentBalanceCents: 500, status: 'active' });
    const check = await call('POST', `/api/validate-discount?code=${oneTimeCode}&subtotal=${product.price}`);
    expect(check.body).toMatchObject({ valid: true });
  });
});

describe('other money inputs', () => {
  it.each(['-1', '1e12', 'abc', 'Infinity'])('validate-discount refuses subtotal=%s', async (subtotal) => {
    const res = await call('POST', `/api/validate-discount?code=ABCD-EFGH-JKLM&subtotal=${subtotal}`);
    expectErrorShape(res, 400);
  });
});
