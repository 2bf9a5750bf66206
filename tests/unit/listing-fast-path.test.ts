import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { routeListingRequest, ROUTED_MARK } from '@/lib/http/listing-fast-path';

/** A request as Node's HTTP server hands it over: only the fields the hook reads. */
function arriving(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const request = { url, method: init.method ?? 'GET', headers: { ...init.headers } } as unknown as IncomingMessage;
  routeListingRequest(request);
  return request;
}

describe('the listing request hook', () => {
  it('routes a page load of a browse listing to the cached route, keeping the query', () => {
    const request = arriving('/products?category=Clip+Art&page=2&utm_source=mail');
    expect(request.url).toBe('/products/in/Clip%20Art/2?category=Clip+Art&page=2&utm_source=mail');
    expect(request.headers[ROUTED_MARK]).toBe('1');
    expect(arriving('/products?search=boho&category=Clip+Art', { method: 'HEAD' }).url).toBe('/products/search?search=boho&category=Clip+Art');
  });

  it('leaves client navigations, server actions, other methods and other paths to Next', () => {
    const untouched = [
      arriving('/products?category=Clip+Art', { headers: { rsc: '1' } }),
      arriving('/products?category=Clip+Art', { headers: { 'next-action': 'abc' } }),
      arriving('/products?category=Clip+Art', { method: 'POST' }),
      arriving('/Products?category=Clip+Art'),
      arriving('/products/?category=Clip+Art'),
      arriving('/productsx?category=Clip+Art'),
      arriving('/products'),
      arriving('/products?utm_source=mail'),
      arriving('http://shop.test/products?category=Clip+Art'),
    ];
    expect(untouched.map((r) => r.url)).toEqual([
      '/products?category=Clip+Art',
      '/products?category=Clip+Art',
      '/products?category=Clip+Art',
      '/Products?category=Clip+Art',
      '/products/?category=Clip+Art',
      '/productsx?category=Clip+Art',
      '/products',
      '/products?utm_source=mail',
      'http://shop.test/products?category=Clip+Art',
    ]);
    expect(untouched.every((r) => r.headers[ROUTED_MARK] === undefined)).toBe(true);
  });

  it('drops a mark the client sent, so middleware still checks that path', () => {
    const forged = arriving('/products/in/%ZZ/1', { headers: { [ROUTED_MARK]: '1' } });
    expect(forged.url).toBe('/products/in/%ZZ/1');
    expect(forged.headers[ROUTED_MARK]).toBeUndefined();
  });
});
