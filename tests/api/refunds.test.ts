// POST /api/admin/orders/refund and the download-log CSV over HTTP against the
// built shop (test payment mode): every answer read through its contract
// schema, every refusal in the one error shape with its status.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '@/lib/contract/catalog';
import { adminOrdersResponse, customerOrdersResponse, refundOrderResponse } from '@/lib/contract/orders';
import { adminToken, call, closeDb, expectErrorShape, registerCustomer, type Customer } from '../security/helpers';
import { expectShape, listProducts } from './helpers';

let admin: Record<string, string>;
let buyer: Customer;
let products: ProductResponse[];
let sessionId: string;

const newKey = () => `api-${randomBytes(8).toString('hex')}`;
/** A refund request; each gets a key of its own unless the test gives one (or sets it to undefined). */
const refund = (json: Record<string, unknown>, headers = admin) =>
  call('POST', '/api/admin/orders/refund', { headers, json: { idempotency_key: newKey(), ...json } });

async function checkout(productIds: string[], headers = buyer.auth) {
  const res = await call('POST', '/api/checkout/session', { headers, json: productIds.map((product_id) => ({ product_id })) });
  expect(res.status, res.text).toBe(200);
  return /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec((res.body as { url: string }).url)![1];
}

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  buyer = await registerCustomer('refund-api');
  products = (await listProducts('?limit=20')).filter((p) => !p.is_bundle).slice(0, 2);
  expect(products).toHaveLength(2);
  sessionId = await checkout(products.map((p) => p.id));
  const paid = await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: buyer.auth, json: {} });
  expect(paid.status, paid.text).toBe(200);
});

afterAll(closeDb);

describe('POST /api/admin/orders/refund', () => {
  it('refuses a visitor (401), a bad body (400), an unknown order (404), an unpaid order (409)', async () => {
    expectErrorShape(await refund({ session_id: sessionId }, {}), 401);
    expect((await refund({ session_id: sessionId }, buyer.auth)).status).toBe(401);
    const empty = await refund({ session_id: sessionId, product_ids: [] });
    expectErrorShape(empty, 400);
    expectErrorShape(await refund({ product_ids: [products[0].id] }), 400);
    expectErrorShape(await refund({ session_id: sessionId, product_ids: Array.from({ length: 101 }, (_, i) => `p${i}`) }), 400);
    // A key, when sent, must be one (clients of the original call send none: see the next test).
    for (const idempotency_key of ['short', 'has spaces in it', 'x'.repeat(101)]) {
      expectErrorShape(await refund({ session_id: sessionId, idempotency_key }), 400);
    }
    const notMembership = await refund({ session_id: sessionId, membership_end: 'now' });
    expectErrorShape(notMembership, 400);
    expect((notMembership.body as { fields: unknown }).fields).toEqual({ membership_end: ['Only for membership payments'] });
    const stranger = await refund({ session_id: sessionId, product_ids: ['notinthisorder'] });
    expectErrorShape(stranger, 400);
    expect((stranger.body as { fields: unknown }).fields).toEqual({ product_ids: ['notinthisorder'] });
    const unknown = await refund({ session_id: 'cs_test_doesnotexist' });
    expectErrorShape(unknown, 404);
    // A guest's checkout left open (the buyer already owns these).
    const open = await checkout([products[0].id], {});
    expectErrorShape(await refund({ session_id: open }), 409);
  });

  it('refunds one item: its download is 403, the other still 302, and both views say so; a retry gets the same refund, a new request 409', async () => {
    const [gone, kept] = products;
    const idempotency_key = newKey();
    const res = await refund({ session_id: sessionId, product_ids: [gone.id], idempotency_key });
    expect(res.status, res.text).toBe(200);
    const body = expectShape(refundOrderResponse, res.body);
    expect(body.refund).toMatchObject({ status: 'succeeded', product_ids: [gone.id], through_stripe: false, voucher_returned: 0, membership_end: null });
    expect(body.refund.amount).toBe(gone.on_sale && gone.sale_price !== null ? gone.sale_price : gone.price);
    // The same request again (a lost answer, a second click): the same refund, not a second.
    const retry = await refund({ session_id: sessionId, product_ids: [gone.id], idempotency_key });
    expect(retry.status, retry.text).toBe(200);
    expect(expectShape(refundOrderResponse, retry.body).refund).toEqual(body.refund);
    expectErrorShape(await refund({ session_id: sessionId, product_ids: [gone.id] }), 409);
    // A client that sends no key at all (the original call): a repeat is a new request, refused.
    const keyless = await call('POST', '/api/admin/orders/refund', { headers: admin, json: { session_id: sessionId, product_ids: [gone.id] } });
    expectErrorShape(keyless, 409);
    expect((keyless.body as { detail: string }).detail).toContain('Already refunded');
    expectErrorShape(await refund({ session_id: sessionId, product_ids: [kept.id], idempotency_key }), 409);

    const refused = await call('GET', `/api/download/${sessionId}/${gone.id}`, { headers: buyer.auth });
    expectErrorShape(refused, 403);
    expect((refused.body as { detail: string }).detail).toBe('This item was refunded, so its downloads have ended');
    expect((await call('GET', `/api/download/${sessionId}/${kept.id}`, { headers: buyer.auth })).status).toBe(302);

    const mine = expectShape(customerOrdersResponse, (await call('GET', `/api/orders/${buyer.id}`, { headers: buyer.auth })).body);
    const order = mine.orders.find((o) => o.session_id === sessionId)!;
    expect(order.products.find((p) => p.id === gone.id)).toMatchObject({ refunded: true, file_paths: [] });
    expect(order.products.find((p) => p.id === kept.id)).toMatchObject({ refunded: false });

    const listed = expectShape(adminOrdersResponse, (await call('GET', `/api/admin/orders?status=all&search=${sessionId}`, { headers: admin })).body);
    expect(listed.orders[0].refunds).toMatchObject([{ source: 'admin', status: 'succeeded', actor: 'admin', product_ids: [gone.id], membership_end: null }]);
    expect(listed.orders[0].products.find((p) => p.id === gone.id)?.refunded_at).toEqual(expect.any(String));
    expect(listed.orders[0].download_count).toBe(1);
    expect(listed.orders[0].downloads[0]).toMatchObject({ product_id: kept.id, ip: expect.any(String) });
  });
});

describe('GET /api/admin/orders/{sessionId}/downloads.csv', () => {
  it('exports the download log as an attachment for the admin, 401 for anyone else, 404 for an unknown order', async () => {
    const csv = await call('GET', `/api/admin/orders/${sessionId}/downloads.csv`, { headers: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="order-${sessionId.slice(-12)}-downloads.csv"`);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('downloaded_at,product_id,product,file,client_address,customer_account');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${products[1].id}"`);
    expectErrorShape(await call('GET', `/api/admin/orders/${sessionId}/downloads.csv`, { headers: buyer.auth }), 401);
    expectErrorShape(await call('GET', '/api/admin/orders/cs_test_unknown/downloads.csv', { headers: admin }), 404);
  });
});
