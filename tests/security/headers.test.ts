// Security headers on every page and API response (SECURITY "Always"):
// a CSP with frame-ancestors 'none' and object-src 'none', nosniff, a
// Referrer-Policy, framing refused, HSTS when the site is served over https.
// Pages and API routes are walked from app/, so new ones are covered.
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from './pages';
import { discoverAllRoutes } from './routes';
import { call, SHOP_URL } from './helpers';
import { listProducts } from '../api/helpers';

const REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
const httpsSite = (process.env.SITE_URL ?? '').startsWith('https://');

function expectSecurityHeaders(where: string, headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
  expect(directives.get('frame-ancestors'), `${where} CSP: ${csp}`).toBe("'none'");
  expect(directives.get('object-src'), `${where} CSP: ${csp}`).toBe("'none'");
  expect(directives.get('base-uri'), `${where} CSP: ${csp}`).toBe("'self'");
  expect(directives.get('default-src'), `${where} CSP: ${csp}`).toBe("'self'");
  expect(directives.get('script-src') ?? '', `${where} CSP: ${csp}`).not.toContain("'unsafe-eval'");
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(REFERRER_POLICIES, `${where} Referrer-Policy`).toContain(headers.get('referrer-policy'));
  expect(headers.get('x-frame-options'), where).toBe('DENY');
  expect(headers.get('x-powered-by'), where).toBeNull();
  if (httpsSite) expect(headers.get('strict-transport-security'), where).toMatch(/max-age=(\d{8,})/);
  else expect(headers.get('strict-transport-security'), `${where}: HSTS only for an https site`).toBeNull();
}

let productId: string;
let bundleId: string;

beforeAll(async () => {
  productId = (await listProducts('?limit=1'))[0].id;
  bundleId = ((await call('GET', '/api/bundles')).body as { id: string }[])[0].id;
});

describe('pages', () => {
  const fill = (segment: string) => ({ '[id]': 'PRODUCT', '[sessionId]': 'cs_test_doesnotexist00', '[...unknown]': 'no-such-page/deeper' })[segment] ?? 'x';
  const pages = [
    ...pagePaths(fill),
    '/product/BUNDLE',
    '/product/doesnotexist000',
    '/products?category=Clip%20Art',
    '/admin',
    '/admin-login',
    '/robots.txt',
    '/sitemap.xml',
    '/favicon.ico',
  ];

  it('the walk finds the pages of the spec', () => {
    for (const expected of [
      '/',
      '/products',
      '/product/PRODUCT',
      '/cart',
      '/login',
      '/admin/login',
      '/admin/dashboard',
      '/my-orders',
      '/membership',
      '/success',
      '/no-such-page/deeper',
    ]) {
      expect(pages).toContain(expected);
    }
  });

  it.each(pages)('%s carries the security headers', async (template) => {
    const path = template.replace('PRODUCT', productId).replace('BUNDLE', bundleId);
    const res = await call('GET', path);
    expect(res.status, path).toBeLessThan(500);
    expectSecurityHeaders(`${path} (${res.status})`, res.headers);
  });

  it('static assets carry them too', async () => {
    const html = (await call('GET', '/')).text;
    const asset = /\/_next\/static\/[^"']+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await call('GET', asset!);
    expect(res.status).toBe(200);
    expectSecurityHeaders(asset!, res.headers);
  });
});

describe('API responses', () => {
  const routes = discoverAllRoutes();

  it.each(routes.map((r) => `${r.method} ${r.path}`))('%s carries the security headers, error or not', async (key) => {
    const [method, path] = key.split(' ');
    const res = await call(method, path, method === 'GET' ? {} : { json: {} });
    expect(res.status, key).toBeLessThan(500);
    expectSecurityHeaders(`${key} (${res.status})`, res.headers);
  });

  it('successful JSON, media and download responses carry them', async () => {
    const product = (await call('GET', `/api/products/${productId}`)) as { body: { thumbnail_url: string }; headers: Headers; status: number };
    expect(product.status).toBe(200);
    expectSecurityHeaders('GET /api/products/{id}', product.headers);
    const media = await fetch(new URL(product.body.thumbnail_url, SHOP_URL));
    expect(media.status).toBe(200);
    expectSecurityHeaders('media', media.headers);
    const download = await call('GET', '/api/download/cs_test_doesnotexist00/x');
    expectSecurityHeaders('download', download.headers);
    expect(download.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('where the browser may connect', () => {
  // Staged uploads PUT straight to storage (Decision 070): that one origin joins the shop's own, never a wildcard.
  const storage = new URL(process.env.S3_ENDPOINT as string).origin;

  it.each(['/', '/admin/login', '/admin/dashboard'])('%s allows the shop and its storage origin, nothing else', async (path) => {
    const res = await call('GET', path);
    const connect = /(?:^|;)\s*connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1].trim();
    expect(connect, path).toBe(`'self' ${storage}`);
  });
});
