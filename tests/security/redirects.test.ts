// Open redirects: nothing the client sends (callback/return parameters, a
// doubled or back-slashed path, Host and X-Forwarded-Host) makes the shop send
// a browser, or a link in an email, to another site.
import http from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clearRateLimits, closeDb, registerCustomer, SHOP_URL, type Customer } from './helpers';
import { listProducts } from '../api/helpers';

const ORIGIN = new URL(SHOP_URL).origin;
const TARGETS = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  'https:evil.example',
  '/%2F%2Fevil.example',
  'http://127.0.0.1.evil.example',
];
const PARAMS = ['callbackUrl', 'redirect', 'redirect_to', 'returnTo', 'next', 'return_url', 'url', 'continue'];

/** A Location header, a `url` field or a meta refresh must stay on this origin. */
function expectStaysHome(where: string, target: string | null | undefined) {
  if (!target) return;
  expect(target.trim().toLowerCase().startsWith('javascript:'), `${where} → ${target}`).toBe(false);
  expect(new URL(target, SHOP_URL).origin, `${where} → ${target}`).toBe(ORIGIN);
}

function expectNoOffsiteRedirect(where: string, res: { status: number; headers: Headers; text: string; body: unknown }) {
  expect(res.status, where).toBeLessThan(500);
  expectStaysHome(where, res.headers.get('location'));
  const url = (res.body as { url?: unknown; redirect_url?: unknown } | null) ?? {};
  if (typeof url.url === 'string') expectStaysHome(`${where} url`, url.url);
  if (typeof url.redirect_url === 'string') expectStaysHome(`${where} redirect_url`, url.redirect_url);
  const refresh = /http-equiv="refresh"[^>]*content="[^"]*url=([^"]+)"/i.exec(res.text)?.[1];
  expectStaysHome(`${where} meta refresh`, refresh);
  expect(res.text, where).not.toMatch(/href="(https?:)?\/\/evil\.example/i);
}

/** A raw request, so Host can be set (fetch will not send a chosen Host). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Headers; text: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${SHOP_URL}${path}`,
      { method, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            // a page
          }
          resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), text, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let customer: Customer;
// One product per checkout below: a customer cannot buy again what they already own.
let productIds: string[];

beforeAll(async () => {
  customer = await registerCustomer('redirect');
  productIds = (await listProducts('?limit=4')).map((p) => p.id);
});

afterAll(async () => {
  // Checkouts, registrations and downloads from this address count for the browser tests that follow.
  await clearRateLimits('checkout', 'register', 'download', 'forgot');
  await closeDb();
});

describe('return parameters on pages and sign-in endpoints', () => {
  const pages = [
    '/login',
    '/admin/login',
    '/my-orders',
    '/membership',
    '/cart',
    '/success',
    '/reset-password',
    '/admin',
    '/admin-login',
    '/api/auth/signin',
    '/api/auth/signout',
    '/api/auth/error',
    '/api/auth/callback/credentials',
  ];

  it.each(pages)('%s never sends the browser off-site', async (page) => {
    for (const param of PARAMS) {
      for (const target of TARGETS) {
        const path = `${page}?${param}=${encodeURIComponent(target)}`;
        expectNoOffsiteRedirect(path, await call('GET', path));
      }
    }
  });

  it('next-auth sign-out, with a valid CSRF token, returns to this site only', async () => {
    const csrf = await call('GET', '/api/auth/csrf');
    const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
    for (const target of TARGETS) {
      const res = await call('POST', '/api/auth/signout', { headers: { cookie }, form: { csrfToken, callbackUrl: target, json: 'true' } });
      expectNoOffsiteRedirect(`signout ${target}`, res);
      if (res.status !== 400) expect(typeof (res.body as { url?: string }).url, `${target}: ${res.status} ${res.text}`).toBe('string');
    }
    const home = await call('POST', '/api/auth/signout', { headers: { cookie }, form: { csrfToken, callbackUrl: '/products', json: 'true' } });
    expect(home.body).toEqual({ url: `${ORIGIN}/products` });
  });

  it("next-auth's callback-url cookie is not followed off-site", async () => {
    for (const target of TARGETS) {
      const res = await call('GET', '/api/auth/signin', { headers: { cookie: `next-auth.callback-url=${encodeURIComponent(target)}` } });
      expectNoOffsiteRedirect(`signin cookie ${target}`, res);
    }
  });
});

describe('paths that Next normalises with a redirect', () => {
  it.each([
    '//evil.example/',
    '/\\evil.example/',
    '/%2F%2Fevil.example/',
    '/%5Cevil.example/',
    '/.//evil.example/',
    '/admin//evil.example/',
    '///evil.example/%2e%2e',
    '/%09/evil.example/',
    '/products//evil.example/',
  ])('%s stays on this site', async (path) => {
    expectNoOffsiteRedirect(path, await raw('GET', path, {}));
  });
});

describe('checkout and payment return URLs', () => {
  it('are built from the configured site, whatever Host or X-Forwarded-Host say', async () => {
    let next = 0;
    for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      for (const outcome of ['cancel', 'complete']) {
        const res = await raw(
          'POST',
          `/api/checkout/session?redirect=${encodeURIComponent('https://evil.example')}`,
          { ...headers, 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
          JSON.stringify([{ product_id: productIds[next++] }]),
        );
        expect(res.status, res.text).toBe(200);
        expectNoOffsiteRedirect('checkout', res);
        const back = await raw(
          'POST',
          `/api/checkout/test/${(res.body as { session_id: string }).session_id}/${outcome}`,
          { ...headers, 'content-type': 'application/json' },
          '{}',
        );
        expect(back.status, back.text).toBe(200);
        expectNoOffsiteRedirect(outcome, back);
        expect((back.body as { redirect_url: string }).redirect_url).toMatch(/^\/(?![/\\])/);
      }
    }
  });

  it('the membership checkout URL is on this site too', async () => {
    const res = await raw(
      'POST',
      '/api/membership/subscribe',
      { host: 'evil.example', 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      JSON.stringify({ plan_interval: 'month' }),
    );
    expect(res.status, res.text).toBe(200);
    expectNoOffsiteRedirect('subscribe', res);
  });
});

describe('links in emails', () => {
  it('a password reset link points at the configured site, not the request Host', async () => {
    const res = await raw(
      'POST',
      '/api/auth/forgot-password',
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ email: customer.email }).toString(),
    );
    expect(res.status, res.text).toBe(200);
    const mail = await waitForMail(customer.email, /reset/i);
    const links = [...`${mail.text} ${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
    expect(links.some((l) => l.includes('/reset-password?token='))).toBe(true);
    for (const link of links) expect(new URL(link).origin, link).toBe(ORIGIN);
  });
});

type CaughtMail = { to: string[]; subject: string; text: string; html: string };

async function waitForMail(address: string, subject: RegExp): Promise<CaughtMail> {
  const dir = process.env.MAIL_DIR as string;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
          .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CaughtMail)
          .find((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()) && subject.test(m.subject))
      : undefined;
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${address} matching ${subject}`);
}
