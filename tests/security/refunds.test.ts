// Refunds and the dispute evidence are the admin's alone: a customer (token
// or cookie) cannot refund an order, not even their own, and cannot read an
// order's download log; a refused request writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, closeDb, expectErrorShape, registerCustomer, sql, SHOP_URL, type Customer } from './helpers';
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

const refundRows = async () =>
  (await sql<{ n: number }>('SELECT count(*)::int AS n FROM "Refund" r JOIN "Order" o ON o.id = r."orderId" WHERE o."sessionId" = $1', [sessionId]))[0].n;

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
