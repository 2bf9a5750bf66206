// Issue #13 §2: a session ends when the customer says so. Logout (ours and
// next-auth's sign-out) revokes the session on the server, so a token or
// cookie captured before it is refused on every route; next-auth's session
// endpoint never extends a revoked or expired sign-in, and a sign-in has an
// absolute lifetime; the browser keeps no token where scripts can read it; a
// mangled cookie is no session, never a 500 or a stack trace in the log.
import { readFileSync, statSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { decode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';
import { listProducts } from '../api/helpers';
import { waitForResetTokens } from './clients';
import { call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, SHOP_URL, sql, type Customer, type Reply } from './helpers';

const AUTH_SECRET = parseEnv({ ...process.env, NODE_ENV: 'production' }).AUTH_SECRET;
const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 60 * 60 * 1000;
const LIFETIME_MS = 30 * DAY_MS;

let productId: string;

beforeAll(async () => {
  productId = (await listProducts('?limit=1'))[0].id;
});

afterAll(async () => {
  // Sign-ins, registrations, checkouts and downloads from this address count for the runners that follow.
  await clearRateLimits(
    'login',
    'login-pair',
    'login-account',
    'register',
    'checkout',
    'download',
    'forgot',
    'forgot-pair',
    'forgot-account',
    'reset',
    'admin-login',
  );
  await closeDb();
});

type Credentials = { token: string; cookie: string; auth: Record<string, string> };

/** A fresh sign-in of `email`: a second device, as far as the server knows. */
async function signIn(email: string): Promise<Credentials> {
  const res = await call('POST', '/api/auth/user-login', { form: { email, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  const token = (res.body as { token: string }).token;
  return { token, cookie: sessionCookieOf(res), auth: { authorization: `Bearer ${token}` } };
}

/** name=value of the session cookie a reply sets. */
function sessionCookieOf(reply: Reply): string {
  const set = reply.headers.getSetCookie().find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  expect(set, 'a session cookie').toBeDefined();
  return set!.split(';')[0];
}

/** A paid order of the customer's account, to download from. */
async function accountOrder(auth: Record<string, string>): Promise<string> {
  const checkout = await call('POST', '/api/checkout/session', { headers: auth, json: [{ product_id: productId }] });
  expect(checkout.status, checkout.text).toBe(200);
  const sessionId = (checkout.body as { session_id: string }).session_id;
  const paid = await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: auth, json: {} });
  expect(paid.status, paid.text).toBe(200);
  return sessionId;
}

/** Every route that acts for the signed-in customer, with what a live session gets. */
function accountRoutes(userId: string, orderSession: string) {
  return [
    { name: 'orders', live: [200], send: (h: Record<string, string>) => call('GET', `/api/orders/${userId}`, { headers: h }) },
    { name: 'download', live: [302], send: (h: Record<string, string>) => call('GET', `/api/download/${orderSession}/${productId}`, { headers: h }) },
    { name: 'membership status', live: [200], send: (h: Record<string, string>) => call('GET', `/api/membership/status/${userId}`, { headers: h }) },
    // No membership to cancel: a live session is told so (404), a dead one never gets that far.
    {
      name: 'membership cancel',
      live: [404],
      send: (h: Record<string, string>) => call('POST', `/api/membership/cancel/${userId}?cancel_at_period_end=true`, { headers: h }),
    },
    {
      name: 'membership subscribe',
      live: [200],
      send: (h: Record<string, string>) => call('POST', '/api/membership/subscribe', { headers: h, json: { plan_interval: 'month' } }),
    },
  ];
}

async function nextAuthSession(cookie: string): Promise<Reply> {
  const res = await call('GET', '/api/auth/session', { headers: { cookie } });
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The session cookie next-auth set in `reply`: cleared, or re-issued (value and expiry). */
function reissued(reply: Reply): { value: string; expires: Date | null; cleared: boolean } | null {
  const set = reply.headers.getSetCookie().find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  if (!set) return null;
  const value = set.split(';')[0].split('=').slice(1).join('=');
  const expires = /;\s*Expires=([^;]+)/i.exec(set)?.[1];
  const maxAge = /;\s*Max-Age=(-?\d+)/i.exec(set)?.[1];
  const cleared = value === '' || maxAge === '0' || (expires !== undefined && new Date(expires).getTime() <= Date.now());
  return { value, expires: expires ? new Date(expires) : null, cleared };
}

async function expectDead(credentials: Credentials, routes: ReturnType<typeof accountRoutes>) {
  for (const headers of [credentials.auth, { cookie: credentials.cookie }]) {
    for (const route of routes) {
      const res = await route.send(headers);
      // A download of an account's order without that account's session is "not found" (S6); the rest ask for a login.
      expectErrorShape(res, route.name === 'download' ? 404 : 401);
    }
  }
  const session = await nextAuthSession(credentials.cookie);
  expect(session.body).toEqual({});
  expect(reissued(session)?.cleared, 'next-auth clears a dead session cookie').toBe(true);
}

/** Prisma keeps UTC in "timestamp without time zone": read it as text so no zone can shift it. */
async function sessionRows(userId: string) {
  const rows = await sql<{ id: string; createdAt: string; expiresAt: string; revokedAt: string | null }>(
    `SELECT id, to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char("expiresAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt",
            to_char("revokedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "revokedAt"
       FROM "UserSession" WHERE "userId" = $1 ORDER BY "createdAt"`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.createdAt),
    expiresAt: new Date(r.expiresAt),
    revokedAt: r.revokedAt ? new Date(r.revokedAt) : null,
  }));
}

describe('logout', () => {
  let customer: Customer;
  let orderSession: string;
  let routes: ReturnType<typeof accountRoutes>;

  beforeAll(async () => {
    customer = await registerCustomer('logout');
    orderSession = await accountOrder(customer.auth);
    routes = accountRoutes(customer.id, orderSession);
  });

  it('POST /api/auth/logout revokes the session: its token and cookie are refused on every route, other devices stay signed in', async () => {
    const laptop = await signIn(customer.email);
    const phone = await signIn(customer.email);
    for (const headers of [laptop.auth, { cookie: laptop.cookie }, phone.auth]) {
      for (const route of routes) expect((await route.send(headers)).status, route.name).toBeOneOf(route.live);
    }
    expect((await nextAuthSession(laptop.cookie)).body).toMatchObject({ user: { email: customer.email, id: customer.id } });

    // The browser's logout: the cookie only, from this site.
    const out = await call('POST', '/api/auth/logout', { headers: { cookie: laptop.cookie, origin: SHOP_URL } });
    expect(out.status, out.text).toBe(200);
    expect(reissued(out)?.cleared).toBe(true);
    await expectDead(laptop, routes);

    // Another sign-in of the same account is untouched.
    for (const route of routes.filter((r) => r.name !== 'membership subscribe'))
      expect((await route.send(phone.auth)).status, route.name).toBeOneOf(route.live);

    // An API client logs out with its bearer token.
    expect((await call('POST', '/api/auth/logout', { headers: phone.auth })).status).toBe(200);
    await expectDead(phone, routes);
  });

  it("next-auth's own sign-out endpoint revokes the session too", async () => {
    const device = await signIn(customer.email);
    const csrf = await call('GET', '/api/auth/csrf', { headers: { cookie: device.cookie } });
    expect(csrf.status).toBe(200);
    const csrfCookie = csrf.headers
      .getSetCookie()
      .find((c) => c.includes('next-auth.csrf-token='))!
      .split(';')[0];
    const signOut = await call('POST', '/api/auth/signout', {
      headers: { cookie: `${device.cookie}; ${csrfCookie}`, origin: SHOP_URL },
      form: { csrfToken: (csrf.body as { csrfToken: string }).csrfToken, callbackUrl: `${SHOP_URL}/` },
    });
    expect(signOut.status, signOut.text).toBe(302);
    expect(signOut.headers.get('location')).not.toContain('csrf=true');
    await expectDead(device, routes);
  });
});

describe('password reset', () => {
  it('ends every session of the account', async () => {
    const customer = await registerCustomer('reset-sessions');
    const routes = accountRoutes(customer.id, await accountOrder(customer.auth));
    const device = await signIn(customer.email);
    expect((await call('POST', '/api/auth/forgot-password', { form: { email: customer.email } })).status).toBe(200);
    const [token] = await waitForResetTokens(customer.email, 1);
    expect((await call('POST', '/api/auth/reset-password', { form: { token, new_password: 'A-brand-new-secret-9' } })).status).toBe(200);
    await expectDead(device, routes);
    await expectDead(customer, routes);
    const rows = await sessionRows(customer.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });
});

describe('lifetime', () => {
  it('a sign-in lasts 30 days from sign-in: the token, its row and the cookie say so', async () => {
    const customer = await registerCustomer('lifetime');
    const [row] = await sessionRows(customer.id);
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - LIFETIME_MS)).toBeLessThan(5_000);
    const claims = await decode({ token: customer.token, secret: AUTH_SECRET });
    expect(Math.abs((claims!.exp as number) * 1000 - row.expiresAt.getTime())).toBeLessThan(5_000);
  });

  it("next-auth's session endpoint never moves the end of a sign-in, and refuses it once passed", async () => {
    const customer = await registerCustomer('absolute');
    const routes = accountRoutes(customer.id, await accountOrder(customer.auth));
    const [row] = await sessionRows(customer.id);
    // A sign-in of 29 days and 23 hours ago: one hour left.
    await sql(
      `UPDATE "UserSession" SET "createdAt" = (now() AT TIME ZONE 'UTC') - interval '30 days' + interval '1 hour', "expiresAt" = (now() AT TIME ZONE 'UTC') + interval '1 hour' WHERE id = $1`,
      [row.id],
    );
    const [aged] = await sessionRows(customer.id);

    const read = await nextAuthSession(customer.cookie);
    expect(read.body).toMatchObject({ user: { email: customer.email } });
    // next-auth re-issues the cookie on every read; it must end when the sign-in ends, not 30 days from now.
    const renewed = reissued(read)!;
    expect(renewed, 'next-auth re-issues the session cookie').not.toBeNull();
    expect(renewed.cleared).toBe(false);
    expect(renewed.expires!.getTime()).toBeGreaterThan(Date.now());
    expect(renewed.expires!.getTime()).toBeLessThanOrEqual(aged.expiresAt.getTime() + 1_000);
    const claims = await decode({ token: renewed.value, secret: AUTH_SECRET });
    expect((claims!.exp as number) * 1000).toBeLessThanOrEqual(aged.expiresAt.getTime() + 1_000);
    // Activity does not extend it either.
    expect((await call('GET', `/api/orders/${customer.id}`, { headers: customer.auth })).status).toBe(200);
    expect((await sessionRows(customer.id))[0].expiresAt).toEqual(aged.expiresAt);

    // Past its end the sign-in is refused everywhere, the re-issued cookie included.
    await sql(`UPDATE "UserSession" SET "expiresAt" = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE id = $1`, [row.id]);
    await expectDead(customer, routes);
    await expectDead(
      { token: renewed.value, cookie: `${customer.cookie.split('=')[0]}=${renewed.value}`, auth: { authorization: `Bearer ${renewed.value}` } },
      routes,
    );
  });
});

describe('malformed cookies', () => {
  const cookies = [
    'next-auth.session-token=%',
    'next-auth.session-token=%E0%A4%A',
    '__Secure-next-auth.session-token=%ZZ',
    'shop_admin=%E0%A4%A',
    'shop_admin=%',
    'next-auth.callback-url=%',
    'next-auth.csrf-token=%E0%A4%A',
    'next-auth.session-token=%; shop_admin=%E0%A4%A; next-auth.callback-url=%E0%A4%A',
  ];
  const requests: { method: string; path: string; json?: unknown; expect: number[]; errorShape?: boolean }[] = [
    { method: 'GET', path: '/api/orders/someone', expect: [401], errorShape: true },
    { method: 'GET', path: '/api/membership/status/someone', expect: [401], errorShape: true },
    { method: 'POST', path: '/api/membership/cancel/someone?cancel_at_period_end=true', expect: [401], errorShape: true },
    { method: 'POST', path: '/api/membership/subscribe', json: { plan_interval: 'month' }, expect: [401], errorShape: true },
    { method: 'GET', path: '/api/account/vouchers', expect: [401], errorShape: true },
    { method: 'GET', path: '/api/download/cs_test_nosuchsession00000/nosuchproduct', expect: [404], errorShape: true },
    { method: 'POST', path: '/api/auth/logout', expect: [200] },
    { method: 'GET', path: '/api/auth/session', expect: [200] },
    { method: 'GET', path: '/api/auth/csrf', expect: [200] },
    { method: 'POST', path: '/api/auth/signout', expect: [302] },
    { method: 'GET', path: '/api/admin/session', expect: [401], errorShape: true },
    { method: 'POST', path: '/api/admin/logout', expect: [200] },
    { method: 'GET', path: '/admin/dashboard', expect: [302, 303, 307] },
    { method: 'GET', path: '/my-orders', expect: [200] },
    { method: 'GET', path: '/', expect: [200] },
  ];

  it('are no session: the usual answer for a visitor, never a 500, and no stack trace in the server log', async () => {
    const logFile = process.env.SHOP_LOG_FILE as string;
    expect(logFile, 'SHOP_LOG_FILE is set by `npm test`').toBeTruthy();
    const logStart = statSync(logFile).size;
    for (const cookie of cookies) {
      for (const r of requests) {
        const res = await call(r.method, r.path, { headers: { cookie }, json: r.json });
        const where = `${r.method} ${r.path} with ${cookie}`;
        expect(res.status, `${where}: ${res.text.slice(0, 200)}`).toBeOneOf(r.expect);
        if (r.errorShape) expectErrorShape(res, r.expect);
        if (r.path === '/api/auth/session') expect(res.body, where).toEqual({});
        if (r.path === '/admin/dashboard') expect(res.headers.get('location'), where).toMatch(/\/admin\/login$/);
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    const logged = readFileSync(logFile, 'utf8').slice(logStart);
    expect(logged).not.toMatch(/^\s+at\s/m);
    expect(logged).not.toMatch(/URIError|unhandled error/i);
  });
});

describe('admin logout', () => {
  it('revokes the admin session: the cookie and token captured before are refused', async () => {
    const login = await call('POST', '/api/auth/login', { form: { username: 'admin', password: 'admin' } });
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('shop_admin='))!
      .split(';')[0];
    expect(cookie).toBe(`shop_admin=${token}`);
    expect((await call('GET', '/api/admin/session', { headers: { cookie } })).status).toBe(200);
    expect((await call('POST', '/api/admin/logout', { headers: { cookie, origin: SHOP_URL } })).status).toBe(200);
    for (const headers of [{ cookie }, { authorization: `Bearer ${token}` }] as Record<string, string>[])
      expectErrorShape(await call('GET', '/api/admin/session', { headers }), 401);
    const page = await call('GET', '/admin/dashboard', { headers: { cookie } });
    expect(page.headers.get('location') ?? '').toMatch(/\/admin\/login$/);
  });
});

describe('the browser', () => {
  it('keeps no session token where page scripts can read it (customer and admin), and its logout ends the session', async () => {
    const customer = await registerCustomer('browser');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
        '--disable-quic',
        '--no-sandbox',
      ],
    });
    try {
      const context = await browser.newContext({ baseURL: SHOP_URL });
      const page = await context.newPage();
      const readable = () =>
        page.evaluate(() => {
          const dump = (s: Storage) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i)!, s.getItem(s.key(i)!)]));
          return { local: dump(window.localStorage), session: dump(window.sessionStorage), cookie: document.cookie };
        });

      await page.goto('/login');
      await page.fill('#login-email', customer.email);
      await page.fill('#login-password', PASSWORD);
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/auth/user-login')), page.click('button[type="submit"]')]);
      expect(answer.status()).toBe(200);
      const token = ((await answer.json()) as { token: string }).token;
      expect(token.length).toBeGreaterThan(20);
      await page.waitForURL(/\/products$/);
      const customerView = await readable();
      expect(JSON.stringify(customerView)).not.toContain(token);
      expect(Object.keys(customerView.local)).not.toContain('user_token');
      expect(Object.keys(JSON.parse(customerView.local.user ?? '{}')).sort()).toEqual(['email', 'id', 'is_member', 'name']);
      const sessionCookie = (await context.cookies()).find((c) => c.value === token);
      expect(sessionCookie, 'the token is the session cookie').toMatchObject({ httpOnly: true, sameSite: 'Lax' });

      // The Logout button ends the session on the server, not only in this browser.
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await page.waitForURL(`${SHOP_URL}/`);
      expectErrorShape(await call('GET', `/api/orders/${customer.id}`, { headers: { authorization: `Bearer ${token}` } }), 401);

      await page.goto('/admin/login');
      await page.fill('#admin-username', 'admin');
      await page.fill('#admin-password', 'admin');
      const [adminAnswer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/auth/login')), page.click('button[type="submit"]')]);
      expect(adminAnswer.status()).toBe(200);
      const adminToken = ((await adminAnswer.json()) as { token: string }).token;
      await page.waitForURL(/\/admin\/dashboard$/);
      const adminView = await readable();
      expect(JSON.stringify(adminView)).not.toContain(adminToken);
      expect(Object.keys(adminView.local)).not.toContain('admin_token');
      expect((await context.cookies()).find((c) => c.value === adminToken)).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
