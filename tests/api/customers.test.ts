// /api/admin/customers over HTTP against the built shop (test payment mode):
// every answer read through its lib/contract schema, every refusal in the one
// error shape with its status: 401 without the admin session, 400 for bad
// input, 404 for an unknown customer, 409 where the customer's state forbids it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCustomerDetailResponse, adminCustomersResponse, customerActionResponse } from '@/lib/contract/customers';
import { refundOrderResponse } from '@/lib/contract/orders';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, sql, unique, type Customer } from '../security/helpers';
import { expectShape } from './helpers';

let admin: Record<string, string>;
let alice: Customer;
let bob: Customer;

const base = (id: string) => `/api/admin/customers/${id}`;
const action = (id: string, name: string, json?: unknown, headers = admin) => call('POST', `${base(id)}/${name}`, { headers, json });
const ok = (reply: { status: number; text: string; body: unknown }) => {
  expect(reply.status, reply.text).toBe(200);
  return expectShape(customerActionResponse, reply.body);
};
const detail = async (id: string) => {
  const res = await call('GET', base(id), { headers: admin });
  expect(res.status, res.text).toBe(200);
  return expectShape(adminCustomerDetailResponse, res.body);
};

async function payTestSession(url: string, auth: Record<string, string>) {
  const sessionId = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec(url)![1];
  const paid = await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: auth, json: {} });
  expect(paid.status, paid.text).toBe(200);
  return sessionId;
}

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  alice = await registerCustomer(`cust-api-${unique()}`);
  bob = await registerCustomer(`cust-api-${unique()}`);
});

afterAll(async () => {
  await clearRateLimits('register', 'checkout', 'sign-in');
  await closeDb();
});

const ROUTES: [string, string, unknown?][] = [
  ['GET', ''],
  ['POST', '/complimentary-membership', { months: 1 }],
  ['POST', '/cancel-membership', { when: 'now' }],
  ['POST', '/refund-membership-payment', { session_id: 'cs_test_x' }],
  ['POST', '/resend-verification'],
  ['POST', '/block'],
  ['POST', '/unblock'],
  ['POST', '/anonymise'],
];

describe('every /api/admin/customers route', () => {
  it('answers 401 to a visitor and to a signed-in customer, and 404 for an unknown customer', async () => {
    expectErrorShape(await call('GET', '/api/admin/customers'), 401);
    expectErrorShape(await call('GET', '/api/admin/customers', { headers: alice.auth }), 401);
    for (const [method, path, json] of ROUTES) {
      for (const headers of [{}, alice.auth]) expectErrorShape(await call(method, `${base(alice.id)}${path}`, { headers, json }), 401);
      const unknown = await call(method, `${base('nosuchcustomer0')}${path}`, { headers: admin, json });
      expectErrorShape(unknown, 404);
      // A malformed id is bad input, not a lookup.
      expectErrorShape(await call(method, `${base('not-an-id!')}${path}`, { headers: admin, json }), 400);
    }
  });
});

describe('GET /api/admin/customers', () => {
  it('pages with X-Total-Count, searches by email or name, and filters', async () => {
    const res = await call('GET', `/api/admin/customers?q=${encodeURIComponent(alice.email)}`, { headers: admin });
    expect(res.status, res.text).toBe(200);
    const { customers } = expectShape(adminCustomersResponse, res.body);
    expect(customers.map((c) => c.id)).toEqual([alice.id]);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect(customers[0]).toMatchObject({ email: alice.email, is_member: false, blocked: false, anonymised: false, paid_orders: 0, total_spent: 0 });

    const paged = await call('GET', '/api/admin/customers?limit=1&offset=0', { headers: admin });
    expect(expectShape(adminCustomersResponse, paged.body).customers).toHaveLength(1);
    expect(Number(paged.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    const members = await call('GET', `/api/admin/customers?member=false&q=${encodeURIComponent(bob.email)}`, { headers: admin });
    expect(expectShape(adminCustomersResponse, members.body).customers.map((c) => c.id)).toEqual([bob.id]);
    const bought = await call('GET', `/api/admin/customers?bought_from=2020-01-01&bought_to=2020-01-31&q=${encodeURIComponent(bob.email)}`, { headers: admin });
    expect(bought.headers.get('x-total-count')).toBe('0');
  });

  it('filters by newsletter consent, and the record says it', async () => {
    await sql(
      `INSERT INTO "EmailPreference" ("userId", category, subscribed, source, "updatedAt") VALUES ($1, 'newsletter', true, 'preferences', now())
       ON CONFLICT ("userId", category) DO UPDATE SET subscribed = true`,
      [bob.id],
    );
    const ids = async (query: string) =>
      expectShape(adminCustomersResponse, (await call('GET', `/api/admin/customers?limit=200&${query}`, { headers: admin })).body).customers.map((c) => c.id);
    const consented = await ids(`consent=true&q=${encodeURIComponent(bob.email)}`);
    expect(consented).toEqual([bob.id]);
    expect(await ids(`consent=false&q=${encodeURIComponent(bob.email)}`)).toEqual([]);
    expect(await ids(`consent=false&q=${encodeURIComponent(alice.email)}`)).toEqual([alice.id]);
    expect(await ids(`consent=true&q=${encodeURIComponent(alice.email)}`)).toEqual([]);
    expect((await detail(bob.id)).newsletter_consent).toBe(true);
    // Their reviews, hidden ones too.
    const [product] = await sql<{ id: string; title: string }>(`SELECT id, title FROM "Product" WHERE "deletedAt" IS NULL AND NOT "isBundle" LIMIT 1`);
    await sql(
      `INSERT INTO "Review" (id, "productId", "userId", rating, title, body, "hiddenAt", "createdAt", "updatedAt") VALUES ($1, $2, $3, 4, 'Lovely colours', '', now(), now(), now())`,
      [`rv${unique()}`.slice(0, 24), product.id, bob.id],
    );
    expect((await detail(bob.id)).reviews).toEqual([
      { id: expect.any(String), product_title: product.title, rating: 4, title: 'Lovely colours', created_at: expect.any(String), hidden: true },
    ]);
    expect((await detail(alice.id)).newsletter_consent).toBe(false);
  });

  it('refuses bad filters with 400 in the error shape', async () => {
    for (const query of [
      'member=yes',
      'consent=maybe',
      'bought_from=2026-13-01',
      'bought_from=2026-02-01&bought_to=2026-01-01',
      'limit=0',
      'limit=201',
      'offset=-1',
    ]) {
      const res = await call('GET', `/api/admin/customers?${query}`, { headers: admin });
      expectErrorShape(res, 400);
    }
  });
});

describe('GET /api/admin/customers/{id}', () => {
  it("answers the customer's whole record", async () => {
    const record = await detail(alice.id);
    expect(record).toMatchObject({
      id: alice.id,
      email: alice.email,
      email_verified: false,
      blocked_at: null,
      anonymised_at: null,
      membership: null,
      order_count: 0,
      reviews: [],
    });
    expect(record.active_sessions).toBeGreaterThanOrEqual(1);
  });
});

describe('membership actions', () => {
  it('complimentary-membership: 400 for bad months, 200, then 409 while it is active', async () => {
    for (const json of [{}, { months: 0 }, { months: 37 }, { months: 1.5 }, { months: 'many' }]) {
      expectErrorShape(await action(bob.id, 'complimentary-membership', json), 400);
    }
    expect(ok(await action(bob.id, 'complimentary-membership', { months: 2 })).message).toMatch(/^Complimentary membership granted until /);
    expect((await detail(bob.id)).membership).toMatchObject({ is_member: true, complimentary: true, through_stripe: false });
    expectErrorShape(await action(bob.id, 'complimentary-membership', { months: 1 }), 409);
  });

  it('cancel-membership: 400 without a valid `when`, period_end then now, 409 when nothing is left to cancel', async () => {
    expectErrorShape(await action(bob.id, 'cancel-membership', {}), 400);
    expectErrorShape(await action(bob.id, 'cancel-membership', { when: 'later' }), 400);
    // A complimentary membership already ends at its period end.
    expectErrorShape(await action(bob.id, 'cancel-membership', { when: 'period_end' }), 409);
    ok(await action(bob.id, 'cancel-membership', { when: 'now' }));
    expect((await detail(bob.id)).membership).toMatchObject({ is_member: false });
    expectErrorShape(await action(bob.id, 'cancel-membership', { when: 'now' }), 409);
  });

  it("refund-membership-payment: 400 without a session, 404 for another customer's payment, the refund, then 409", async () => {
    const subscribe = await call('POST', '/api/membership/subscribe', { headers: alice.auth, form: { plan_interval: 'month' } });
    expect(subscribe.status, subscribe.text).toBe(200);
    const payment = await payTestSession((subscribe.body as { url: string }).url, alice.auth);
    expectErrorShape(await action(alice.id, 'refund-membership-payment', {}), 400);
    expectErrorShape(await action(bob.id, 'refund-membership-payment', { session_id: payment }), 404);
    const refunded = await action(alice.id, 'refund-membership-payment', { session_id: payment, membership_end: 'now' });
    expect(refunded.status, refunded.text).toBe(200);
    expect(expectShape(refundOrderResponse, refunded.body).refund).toMatchObject({ status: 'succeeded', amount: 35, membership_end: 'now' });
    expect((await detail(alice.id)).membership).toMatchObject({ is_member: false });
    expectErrorShape(await action(alice.id, 'refund-membership-payment', { session_id: payment }), 409);
  });
});

describe('sign-in actions', () => {
  it('resend-verification: 200 with the address, 409 once it is verified', async () => {
    expect(ok(await action(alice.id, 'resend-verification')).message).toBe(`Verification link sent to ${alice.email}`);
    await sql(`UPDATE "User" SET "emailVerifiedAt" = now() WHERE id = $1`, [alice.id]);
    expectErrorShape(await action(alice.id, 'resend-verification'), 409);
  });

  it('block and unblock: each once, 409 the second time', async () => {
    const carol = await registerCustomer(`cust-api-${unique()}`);
    ok(await action(carol.id, 'block'));
    expectErrorShape(await action(carol.id, 'block'), 409);
    expect((await detail(carol.id)).blocked_at).not.toBeNull();
    ok(await action(carol.id, 'unblock'));
    expectErrorShape(await action(carol.id, 'unblock'), 409);
  });

  it('anonymise: 200, the record shows placeholders, 409 the second time', async () => {
    const dave = await registerCustomer(`cust-api-${unique()}`);
    ok(await action(dave.id, 'anonymise'));
    const record = await detail(dave.id);
    expect(record).toMatchObject({ name: 'Anonymised customer', active_sessions: 0 });
    expect(record.email).toMatch(/@example\.invalid$/);
    expect(record.anonymised_at).not.toBeNull();
    expectErrorShape(await action(dave.id, 'anonymise'), 409);
    const login = await call('POST', '/api/auth/user-login', { form: { email: dave.email, password: 'correct horse battery' } });
    expectErrorShape(login, 401);
  });
});
