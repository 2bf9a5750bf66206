// SECURITY S1: an id in a path or query that is not the session user's gets
// 404, never someone else's data. Routes are found from app/api folder names
// ([userId], [sessionId]), so a new one is covered the moment it exists.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverAllRoutes, discoverOwnedRoutes, type AnyRoute } from './routes';
import { adminToken, call, clearRateLimits, closeDb, registerCustomer, sql, unique, type Customer, type Reply } from './helpers';
import { listProducts } from '../api/helpers';

// The test payment page stands in for the payment provider's hosted page:
// there, as on Stripe's, the unguessable session id itself is what lets the
// holder pay or cancel. It exists only in test payment mode.
const PROVIDER_STAND_INS = ['/api/checkout/test/[sessionId]/complete', '/api/checkout/test/[sessionId]/cancel'];
// routes.ts hands out repository-relative paths; the tests run from the repository root.
const readSource = (file: string) => readFileSync(file, 'utf8');
const owned = discoverOwnedRoutes().filter((r) => !PROVIDER_STAND_INS.includes(r.template));

let owner: Customer;
let other: Customer;
let productId: string;
let productTitle: string;
const sessions: { order: string; membership: string } = { order: '', membership: '' };
/** A refund of the order's second product: its adjustment note is the owner's too. */
let refundId = '';
/** The licence the order's first product issued: its certificate is the owner's (Decision 082). */
let licenceId = '';

async function payTestSession(url: string, auth: Record<string, string>): Promise<string> {
  const sessionId = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec(url)?.[1];
  expect(sessionId, url).toBeTruthy();
  const paid = await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: auth, json: {} });
  expect(paid.status, paid.text).toBe(200);
  return sessionId!;
}

beforeAll(async () => {
  owner = await registerCustomer('owner');
  other = await registerCustomer('other');
  const [product, refunded] = await listProducts('?limit=2');
  productId = product.id;
  productTitle = product.title;
  // The owner buys two products, one refunded, then becomes a member: a paid order and a paid membership checkout.
  const checkout = await call('POST', '/api/checkout/session', { headers: owner.auth, json: [{ product_id: productId }, { product_id: refunded.id }] });
  expect(checkout.status, checkout.text).toBe(200);
  sessions.order = await payTestSession((checkout.body as { url: string }).url, owner.auth);
  const refund = await call('POST', '/api/admin/orders/refund', {
    headers: { authorization: `Bearer ${await adminToken()}` },
    json: { session_id: sessions.order, product_ids: [refunded.id], idempotency_key: `ownership-${unique()}` },
  });
  expect(refund.status, refund.text).toBe(200);
  refundId = (refund.body as { refund: { id: string } }).refund.id;
  [{ id: licenceId }] = await sql<{ id: string }>(
    `SELECT l.id FROM "Licence" l JOIN "OrderItem" i ON i.id = l."orderItemId" JOIN "Order" o ON o.id = i."orderId" WHERE o."sessionId" = $1 AND i."productId" = $2`,
    [sessions.order, productId],
  );
  const subscribe = await call('POST', '/api/membership/subscribe', { headers: owner.auth, form: { plan_interval: 'month' } });
  expect(subscribe.status, subscribe.text).toBe(200);
  sessions.membership = await payTestSession((subscribe.body as { url: string }).url, owner.auth);
});

afterAll(async () => {
  // Checkouts, registrations and downloads from this address count for the browser tests that follow.
  await clearRateLimits('checkout', 'register', 'download');
  await closeDb();
});

/** The route's path with the owner's ids filled in, once per session the owner has. */
function ownerPaths(route: AnyRoute): string[] {
  const fill = (sessionId: string) =>
    route.template
      .split('/')
      .map((segment) => {
        if (segment === '[userId]') return owner.id;
        if (segment === '[sessionId]') return sessionId;
        if (segment === '[productId]') return productId;
        if (segment === '[refundId]') return refundId;
        if (segment === '[licenceId]') return licenceId;
        if (segment.startsWith('[')) throw new Error(`${route.template}: no fixture for ${segment}; add one to ownership.test.ts`);
        return segment;
      })
      .join('/');
  const query = route.template.startsWith('/api/membership/cancel/') ? '?cancel_at_period_end=true' : '';
  const paths = route.template.includes('[sessionId]') ? [fill(sessions.order), fill(sessions.membership)] : [fill('')];
  return paths.map((p) => `${p}${query}`);
}

function expectNothingOfTheOwner(reply: Reply) {
  expect(reply.status === 404 || reply.status === 401, `${reply.status} ${reply.text}`).toBe(true);
  expect(reply.headers.get('location')).toBeNull();
  for (const secret of [owner.email, productTitle, sessions.order, sessions.membership, licenceId]) expect(reply.text).not.toContain(secret);
}

describe('owned route discovery', () => {
  it('finds the spec routes that carry a user or session id', () => {
    const templates = owned.map((r) => `${r.method} ${r.template}`);
    for (const expected of [
      'GET /api/orders/[userId]',
      'GET /api/membership/status/[userId]',
      'POST /api/membership/cancel/[userId]',
      'GET /api/checkout/status/[sessionId]',
      'GET /api/download/[sessionId]/[productId]',
      'GET /api/download/[sessionId]/all',
      'GET /api/orders/invoice/[sessionId]',
      'GET /api/orders/invoice/[sessionId]/adjustments/[refundId]',
      'GET /api/membership/subscription-status/[sessionId]',
      'GET /api/licences/[licenceId]/certificate',
    ]) {
      expect(templates).toContain(expected);
    }
  });
});

describe.each(owned)('$method $template', (route) => {
  it("refuses another signed-in customer the owner's ids with 404", async () => {
    for (const path of ownerPaths(route)) {
      const reply = await call(route.method, path, { headers: other.auth });
      expectNothingOfTheOwner(reply);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toMatchObject({ code: 'not_found' });
    }
  });

  it("refuses a visitor without a session the owner's ids", async () => {
    for (const path of ownerPaths(route)) expectNothingOfTheOwner(await call(route.method, path));
  });

  it('answers the owner (so the refusals above are about ownership, not a wrong path)', async () => {
    const replies = await Promise.all(ownerPaths(route).map((path) => call(route.method, path, { headers: owner.auth })));
    const ok = replies.filter((r) => r.status === 200 || r.status === 302);
    expect(ok.length, replies.map((r) => `${r.status} ${r.text}`).join('\n')).toBeGreaterThan(0);
  });
});

describe('ids sent in a query or body', () => {
  const takesUserId = discoverAllRoutes().filter((r) => !r.admin && /user_id/.test(readSource(r.file)));

  it('finds the routes that accept a user_id', () => {
    expect(takesUserId.map((r) => `${r.method} ${r.template}`).sort()).toEqual(['POST /api/checkout/session', 'POST /api/membership/subscribe']);
  });

  it('checkout?user_id= of another user opens the order for the session user, never the named one', async () => {
    const res = await call('POST', `/api/checkout/session?user_id=${owner.id}`, { headers: other.auth, json: [{ product_id: productId }] });
    expect(res.status, res.text).toBe(200);
    const [order] = await sql<{ userId: string | null; customerEmail: string | null }>(`SELECT "userId", "customerEmail" FROM "Order" WHERE "sessionId" = $1`, [
      (res.body as { session_id: string }).session_id,
    ]);
    expect(order).toEqual({ userId: other.id, customerEmail: other.email });

    const guest = await call('POST', `/api/checkout/session?user_id=${owner.id}`, { json: [{ product_id: productId }] });
    expect(guest.status, guest.text).toBe(200);
    const [guestOrder] = await sql<{ userId: string | null }>(`SELECT "userId" FROM "Order" WHERE "sessionId" = $1`, [
      (guest.body as { session_id: string }).session_id,
    ]);
    expect(guestOrder.userId).toBeNull();
  });

  it("subscribe with another user's user_id is 404", async () => {
    const before = await sql(`SELECT id FROM "Order" WHERE kind = 'subscription' AND "userId" = ANY($1)`, [[owner.id, other.id]]);
    const res = await call('POST', '/api/membership/subscribe', { headers: other.auth, form: { user_id: owner.id, plan_interval: 'month' } });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(owner.email);
    const after = await sql(`SELECT id FROM "Order" WHERE kind = 'subscription' AND "userId" = ANY($1)`, [[owner.id, other.id]]);
    expect(after.length).toBe(before.length);
  });
});
