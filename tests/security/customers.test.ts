// What the back office's customer actions protect (Decision 091): blocking ends
// a customer's sessions at once, cookie and token alike, and sign-in then
// answers exactly as for a wrong password; an anonymised account cannot sign in
// with its old password under any address; and no one but the admin reaches the
// customers API. Each test fails with its protection taken out (the sessions'
// revocation in blockCustomer, the blocked check in authenticateUser, the
// password removal in anonymiseCustomer, adminHandler on a route).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from './routes';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, sql, type Customer } from './helpers';

const PASSWORD = 'correct horse battery';
let admin: Record<string, string>;

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
});

afterAll(async () => {
  await clearRateLimits('register', 'sign-in');
  await closeDb();
});

/** A request only a signed-in customer gets a 200 for: their own membership status. */
const ownStatus = (c: Customer, headers: Record<string, string>) => call('GET', `/api/membership/status/${c.id}`, { headers });
const signIn = (email: string, password: string) => call('POST', '/api/auth/user-login', { form: { email, password } });

describe('blocking a customer', () => {
  it("ends the customer's existing sessions at once, by cookie and by token", async () => {
    const customer = await registerCustomer('sec-block');
    expect((await ownStatus(customer, customer.auth)).status).toBe(200);
    expect((await ownStatus(customer, { cookie: customer.cookie })).status).toBe(200);
    const blocked = await call('POST', `/api/admin/customers/${customer.id}/block`, { headers: admin });
    expect(blocked.status, blocked.text).toBe(200);
    expectErrorShape(await ownStatus(customer, customer.auth), 401);
    expectErrorShape(await ownStatus(customer, { cookie: customer.cookie }), 401);
  });

  it('answers sign-in with the right password exactly as with a wrong one', async () => {
    const customer = await registerCustomer('sec-block-login');
    await call('POST', `/api/admin/customers/${customer.id}/block`, { headers: admin });
    const right = await signIn(customer.email, PASSWORD);
    const wrong = await signIn(customer.email, 'not the password at all');
    expectErrorShape(right, 401);
    expect(right.body).toEqual(wrong.body);
    expect(right.headers.get('set-cookie')).toBeNull();
  });
});

describe('anonymising a customer', () => {
  it('leaves no address under which the old password signs in', async () => {
    const customer = await registerCustomer('sec-anon');
    const done = await call('POST', `/api/admin/customers/${customer.id}/anonymise`, { headers: admin });
    expect(done.status, done.text).toBe(200);
    const [{ email }] = await sql<{ email: string }>(`SELECT email FROM "User" WHERE id = $1`, [customer.id]);
    expect(email).not.toBe(customer.email);
    for (const address of [customer.email, email]) expectErrorShape(await signIn(address, PASSWORD), 401);
    expectErrorShape(await ownStatus(customer, customer.auth), 401);
  });
});

describe('the customers API', () => {
  it('is pinned as admin-only, and refuses a visitor and a signed-in customer on every route', async () => {
    // The list, the record and its seven actions, and the CSV export (Decision 92).
    const routes = ADMIN_ROUTES.filter((r) => r.includes('/api/admin/customers'));
    expect(routes).toHaveLength(10);
    const customer = await registerCustomer('sec-not-admin');
    for (const route of routes) {
      const [method, template] = route.split(' ');
      const path = template.replace('[id]', customer.id);
      for (const headers of [{}, customer.auth, { cookie: customer.cookie }]) {
        const reply = await call(method, path, { headers, json: method === 'POST' ? {} : undefined });
        expectErrorShape(reply, 401);
      }
    }
    // Nothing the refused calls asked for happened.
    const [row] = await sql<{ blockedAt: Date | null; anonymisedAt: Date | null }>(`SELECT "blockedAt", "anonymisedAt" FROM "User" WHERE id = $1`, [
      customer.id,
    ]);
    expect(row).toEqual({ blockedAt: null, anonymisedAt: null });
  });
});
