import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, discoverAllRoutes, pinnedAdminRoutes, PUBLIC_ROUTES } from './routes';
import { SHOP_URL } from '../api/helpers';
import { clearRateLimits, closeDb } from './helpers';

// The hand-written list, not the routes found by their wrapper: a route that
// loses `adminHandler` is still called here, and refused nothing.
const adminRoutes = pinnedAdminRoutes();
let customerToken: string;
let customerCookie: string;
let adminToken: string;
type StoredSale = { id: string; is_bundle: boolean; on_sale: boolean; sale_price: number | null; sale_start: string | null; sale_end: string | null };
let salesBefore: StoredSale[] = [];

async function call(method: string, path: string, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
  if (method !== 'GET' && method !== 'DELETE') {
    init.headers = { ...headers, 'content-type': 'application/json' };
    init.body = '{}';
  }
  const res = await fetch(`${SHOP_URL}${path}`, init);
  return { status: res.status, body: await res.json().catch(() => null) };
}

beforeAll(async () => {
  const email = `access-${Date.now()}@example.com`;
  const register = await fetch(`${SHOP_URL}/api/auth/user-register`, {
    method: 'POST',
    body: new URLSearchParams({ email, password: 'correct horse battery', name: 'Access Test' }),
  });
  expect(register.status).toBe(200);
  customerToken = ((await register.json()) as { token: string }).token;
  customerCookie = (register.headers.get('set-cookie') ?? '').split(';')[0];
  expect(customerCookie).toContain(customerToken);
  const login = await fetch(`${SHOP_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  });
  expect(login.status).toBe(200);
  adminToken = ((await login.json()) as { token: string }).token;
  // Calling every admin endpoint ends the seeded sales; they are put back afterwards.
  const products = await fetch(`${SHOP_URL}/api/admin/products?limit=500`, { headers: { authorization: `Bearer ${adminToken}` } });
  salesBefore = ((await products.json()) as StoredSale[]).filter((p) => p.on_sale);
});

afterAll(async () => {
  // Registrations from this address count for the browser tests that follow.
  await clearRateLimits('register');
  await closeDb();
  for (const p of salesBefore) {
    await fetch(`${SHOP_URL}/api/${p.is_bundle ? 'bundles' : 'products'}/${p.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ on_sale: true, sale_price: p.sale_price, sale_start: p.sale_start, sale_end: p.sale_end }),
    });
  }
});

describe('the pinned route lists', () => {
  const discovered = discoverAllRoutes();
  const key = (r: { method: string; template: string }) => `${r.method} ${r.template}`;

  it('classify every route file under app/api as admin or public, and name no route that does not exist', () => {
    const found = discovered.map(key);
    const pinned = [...ADMIN_ROUTES, ...PUBLIC_ROUTES];
    expect(
      found.filter((k) => !pinned.includes(k)),
      'route handlers in neither list',
    ).toEqual([]);
    expect(
      pinned.filter((k) => !found.includes(k)),
      'pinned routes with no handler',
    ).toEqual([]);
    expect(new Set(found).size).toBe(found.length);
  });

  it('put no route in both lists', () => {
    expect(ADMIN_ROUTES.filter((r) => PUBLIC_ROUTES.includes(r))).toEqual([]);
  });

  it('agree with the admin wrapper: every pinned admin route uses it, and nothing else does', () => {
    expect(discovered.filter((r) => r.admin && !r.adminWrapper).map(key)).toEqual([]);
    expect(discovered.filter((r) => !r.admin && r.adminWrapper).map(key)).toEqual([]);
  });

  it('include the admin endpoints of the spec', () => {
    for (const expected of [
      'GET /api/admin/vouchers',
      'POST /api/admin/vouchers/create',
      'POST /api/categories',
      'PUT /api/categories/[id]',
      'DELETE /api/tags/[id]',
      'GET /api/admin/orders',
      'POST /api/settings/banner',
      'PUT /api/products/[id]',
      'DELETE /api/bundles/[id]',
      'POST /api/products/[id]/files',
      'POST /api/admin/bulk-sale',
    ]) {
      expect(ADMIN_ROUTES).toContain(expected);
    }
  });
});

describe.each(adminRoutes)('$method $path', ({ method, path }) => {
  it('refuses a request without a session', async () => {
    const res = await call(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthorized', detail: 'Admin authentication required' });
  });

  it("refuses a customer's session", async () => {
    const res = await call(method, path, { authorization: `Bearer ${customerToken}` });
    expect(res.status).toBe(401);
  });

  it("refuses a customer's session cookie, and a customer's token as the admin cookie", async () => {
    expect((await call(method, path, { cookie: customerCookie })).status).toBe(401);
    expect((await call(method, path, { cookie: `shop_admin=${customerToken}` })).status).toBe(401);
  });

  it('refuses a forged admin cookie', async () => {
    const res = await call(method, path, { cookie: 'shop_admin=forged-token-value-that-is-long-enough' });
    expect(res.status).toBe(401);
  });

  it('lets the admin past the check', async () => {
    const res = await call(method, path, { authorization: `Bearer ${adminToken}` });
    expect(res.status).not.toBe(401);
    expect(res.status).toBeLessThan(500);
  });
});

// CSRF: a browser on another site can make the victim's browser send the
// admin cookie (SameSite aside: old browsers, same-site subdomains). Every
// state-changing admin route must refuse a foreign Origin before acting.
describe.each(adminRoutes.filter((r) => r.method !== 'GET'))('$method $path from another origin', ({ method, path }) => {
  it.each(['https://evil.example', 'null', `${SHOP_URL}.evil.example`])('refuses Origin %s with a valid admin cookie', async (origin) => {
    const res = await call(method, path, { cookie: `shop_admin=${adminToken}`, origin });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', detail: 'Cross-site request refused' });
  });
});

describe('admin sign-in', () => {
  it('answers wrong credentials with Invalid credentials', async () => {
    const res = await fetch(`${SHOP_URL}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'wrong' }) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ detail: 'Invalid credentials' });
  });

  it('requires both fields', async () => {
    const res = await fetch(`${SHOP_URL}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin' }) });
    expect(res.status).toBe(400);
  });

  it('sets an HttpOnly SameSite=Strict cookie and ends the session at logout', async () => {
    const res = await fetch(`${SHOP_URL}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin' }) });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('shop_admin=')) ?? '';
    expect(cookie).toMatch(/shop_admin=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=28800/);
    const token = ((await res.json()) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    expect((await call('GET', '/api/admin/session', auth)).status).toBe(200);
    expect((await call('POST', '/api/admin/logout', auth)).status).toBe(200);
    expect((await call('GET', '/api/admin/session', auth)).status).toBe(401);
  });

  it('refuses a cross-site form post even with a valid admin cookie', async () => {
    const res = await fetch(`${SHOP_URL}/api/admin/end-all-sales`, {
      method: 'POST',
      headers: { cookie: `shop_admin=${adminToken}`, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});
