// Refunds and the dispute evidence are the admin's alone: a customer (token
// or cookie) cannot refund an order, not even their own, and cannot read an
// order's download log; a refused request writes nothing. And a refund is
// made once, however many requests for it arrive at once (Decision 075).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, closeDb, expectErrorShape, registerCustomer, sql, SHOP_URL, unique, type Customer } from './helpers';
import { listProducts } from '../api/helpers';

let buyer: Customer;
let sessionId: string;
let productId: string;

beforeAll(async () => {
  buyer = await registerCustomer('refund-sec');
  [{ id: productId }] = (await listProducts('?limit=20')).filter((p) => !p.is_bundle);
  const res = await call('POST', '/api/checkout/session', { headers: buyer.auth, json: [{ product_id: productId }] });
  sessionId = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec((res.body as { url: string }).url)![1];
  expect((await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: buyer.auth, json: {} })).status).toBe(200);
});

afterAll(closeDb);

const refundRows = async (of = sessionId) =>
  (await sql<{ n: number }>('SELECT count(*)::int AS n FROM "Refund" r JOIN "Order" o ON o.id = r."orderId" WHERE o."sessionId" = $1', [of]))[0].n;

/** A new customer's paid order of the product, in test payment mode. */
async function paidOrder(label: string) {
  const customer = await registerCustomer(label);
  const res = await call('POST', '/api/checkout/session', { headers: customer.auth, json: [{ product_id: productId }] });
  const id = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec((res.body as { url: string }).url)![1];
  expect((await call('POST', `/api/checkout/test/${id}/complete`, { headers: customer.auth, json: {} })).status).toBe(200);
  return id;
}

describe('refunds need the admin', () => {
  it('refuses the buyer’s token and cookie (401) and leaves the order downloadable', async () => {
    for (const headers of [buyer.auth, { cookie: buyer.cookie, origin: SHOP_URL }]) {
      expectErrorShape(await call('POST', '/api/admin/orders/refund', { headers, json: { session_id: sessionId } }), 401);
    }
    expect(await refundRows()).toBe(0);
    expect((await call('GET', `/api/download/${sessionId}/${productId}`, { headers: buyer.auth })).status).toBe(302);
  });

  it('the download log CSV is refused to the buyer and a visitor, and served to the admin', async () => {
    const path = `/api/admin/orders/${sessionId}/downloads.csv`;
    for (const headers of [{}, buyer.auth, { cookie: buyer.cookie }]) {
      const reply = await call('GET', path, { headers });
      expectErrorShape(reply, 401);
      expect(reply.text).not.toContain(productId);
    }
    const served = await call('GET', path, { headers: { authorization: `Bearer ${await adminToken()}` } });
    expect(served.status).toBe(200);
    expect(served.text).toContain(productId);
  });
});

describe('twenty refund requests at once', () => {
  const refundAll = async (order: string, keys: string[]) => {
    const admin = { authorization: `Bearer ${await adminToken()}` };
    return Promise.all(
      keys.map((idempotency_key) => call('POST', '/api/admin/orders/refund', { headers: admin, json: { session_id: order, idempotency_key } })),
    );
  };

  it('each with its own key: one refund, nineteen refusals (409)', async () => {
    const order = await paidOrder('refund-race');
    const replies = await refundAll(
      order,
      Array.from({ length: 20 }, () => `race-${unique()}`),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.status !== 200)) expectErrorShape(refused, 409);
    expect(await refundRows(order)).toBe(1);
  });

  it('all with one key (a double submit): one refund, and every answer names it', async () => {
    const order = await paidOrder('refund-double');
    const key = `double-${unique()}`;
    const replies = await refundAll(
      order,
      Array.from({ length: 20 }, () => key),
    );
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(replies.map((r) => (r.body as { refund: { id: string } }).refund.id)).size).toBe(1);
    expect(await refundRows(order)).toBe(1);
  });
});
