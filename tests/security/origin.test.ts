// CSRF for the customer side: every state-changing route a browser session can
// reach refuses a request from another origin before it acts (docs/security.md
// A7: cookie-authenticated state-changing handlers check Origin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverAllRoutes } from './routes';
import { call, clearRateLimits, closeDb, registerCustomer, type Customer } from './helpers';

// Routes that take no cookie-authenticated action, each with the reason.
const NOT_BROWSER_ACTIONS: Record<string, string> = {
  '/api/[...path]': 'answers 404 to everything',
  '/api/auth/[...nextauth]': "next-auth's own endpoints carry its double-submit CSRF token",
  // Decision 087: it reads no cookie; mail providers POST it from their own servers (RFC 8058).
  '/api/email/unsubscribe': 'authenticated by its signed token alone, which turns off one email category for one customer',
  '/api/validate-discount': 'a public, rate-limited lookup that changes nothing',
  '/api/webhooks/stripe': 'server-to-server, authenticated by the payment provider signature',
};

const stateChanging = discoverAllRoutes().filter((r) => !r.admin && r.method !== 'GET' && !(r.template in NOT_BROWSER_ACTIONS));
let customer: Customer;

beforeAll(async () => {
  customer = await registerCustomer('csrf');
});

afterAll(async () => {
  // Registrations from this address count for the browser tests that follow.
  await clearRateLimits('register');
  await closeDb();
});

it('every other state-changing route is found and checks Origin', () => {
  expect(stateChanging.length).toBeGreaterThanOrEqual(12);
  expect(stateChanging.filter((r) => !r.checksOrigin).map((r) => `${r.method} ${r.template}`)).toEqual([]);
});

describe.each(stateChanging)('$method $template', ({ method, path }) => {
  it("refuses another origin carrying the customer's session cookie", async () => {
    const res = await call(method, path.replace('zzunknown0', customer.id), {
      headers: { cookie: customer.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status, res.text).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden' });
  });
});
