// SECURITY "Always": bad input is a 400, never a 500. A path with a broken
// percent-escape made Next look for a /400 page the App Router does not have
// and answer a bare 500; middleware.ts now answers those itself.
import { describe, expect, it } from 'vitest';
import { call, expectErrorShape } from './helpers';

const BROKEN = ['%E0%A4%A', '%ZZ', '%', '%C3%28', '%ED%A0%80'];

describe('paths with broken percent-escapes', () => {
  const pages = BROKEN.flatMap((bad) => [`/product/${bad}`, `/${bad}`, `/products/in/${bad}/1`, `/admin/dashboard/${bad}`, `/login${bad}`]);

  it.each(pages)('page %s is a plain 400', async (path) => {
    const res = await call('GET', path);
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain('not validly encoded');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  const apis = BROKEN.flatMap((bad) => [
    `GET /api/products/${bad}`,
    `GET /api/download/${bad}/x`,
    `GET /api/checkout/status/${bad}`,
    `DELETE /api/admin/products/${bad}`,
  ]);

  it.each(apis)('%s is a 400 in the error shape', async (key) => {
    const [method, path] = key.split(' ');
    const res = await call(method, path);
    expectErrorShape(res, 400);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves valid escapes to the routes', async () => {
    expectErrorShape(await call('GET', '/api/products/%41bc'), 404);
    expect((await call('GET', '/product/%61%62%63')).status).toBe(404);
    expect((await call('GET', '/products/in/Clip~20Art/1')).status).toBe(200);
    // A spelling the listing routing never writes reaches its route, which refuses it.
    expect((await call('GET', '/products/in/Clip%20Art/1')).status).toBe(404);
  });
});
