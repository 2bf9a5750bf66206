import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginResponse } from '@/lib/contract/admin';
import { categoryWriteResponse } from '@/lib/contract/catalog';
import type { ProductResponse } from '@/lib/contract/catalog';
import { encodeSegment } from '@/lib/http/listing-routes.mjs';
import { expectShape, get, listProducts, SHOP_URL } from './helpers';

// /products query URLs as server.mjs routes them (lib/http/listing-routes.mjs):
// browse listings from the page cache, one entry per listing whatever the
// spelling, names with '/' or '%' included; searches within a category rendered
// per request; unknown categories are 404s either way.
const unique = Date.now().toString(36);
const CACHEABLE = `Café & Co. ${unique}`;
const PATHLESS = `Cards/Prints 100% ${unique}`;
const SUB = 'Florals';
let auth: Record<string, string>;
const createdIds: string[] = [];

const q = encodeURIComponent;
const page = (query: string) => get(`/products?${query}`) as Promise<{ status: number; headers: Headers; body: string }>;
const cacheState = (res: { headers: Headers }) => res.headers.get('x-nextjs-cache');
const escaped = (text: string) => text.replace(/&/g, '&amp;');

async function createCategory(name: string) {
  const headers = { ...auth, 'content-type': 'application/json' };
  const created = await fetch(`${SHOP_URL}/api/categories`, { method: 'POST', headers, body: JSON.stringify({ name, subcategories: [] }) });
  expect(created.status).toBe(201);
  const { id } = expectShape(categoryWriteResponse, await created.json());
  createdIds.push(id);
  const sub = await fetch(`${SHOP_URL}/api/categories/${id}/subcategories`, {
    method: 'POST',
    headers: auth,
    body: new URLSearchParams({ subcategory_name: SUB }),
  });
  expect(sub.status).toBeLessThan(300);
}

beforeAll(async () => {
  const res = await fetch(`${SHOP_URL}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin' }) });
  auth = { authorization: `Bearer ${expectShape(adminLoginResponse, await res.json()).token}` };
  await createCategory(CACHEABLE);
  await createCategory(PATHLESS);
});

// Other suites (and the e2e run after this one) read the demo catalogue's categories.
afterAll(async () => {
  for (const id of createdIds) expect((await fetch(`${SHOP_URL}/api/categories/${id}`, { method: 'DELETE', headers: auth })).status).toBeLessThan(300);
});

describe('/products category listings', () => {
  it('serve a category from the page cache, one entry for every spelling of it', async () => {
    const first = await page(`category=${q(CACHEABLE)}`);
    expect(first.status).toBe(200);
    expect(first.body).toContain(`<title>${escaped(CACHEABLE)} designs`);
    expect(cacheState(first)).toMatch(/^(MISS|HIT|STALE)$/);
    for (const spelling of [`category=${q(CACHEABLE)}`, `category=${q(`  ${CACHEABLE} `)}&page=1`, `page=01&category=${q(CACHEABLE)}&utm_source=mail`]) {
      const again = await page(spelling);
      expect(again.status, spelling).toBe(200);
      expect(cacheState(again), spelling).toBe('HIT');
      expect(again.body).toContain(`<title>${escaped(CACHEABLE)} designs`);
    }
  });

  it('serve a subcategory and later pages of the seeded catalogue from the cache too', async () => {
    const sub = await page(`category=${q(CACHEABLE)}&subcategory=${SUB}`);
    expect(sub.status).toBe(200);
    expect(sub.body).toContain(`<title>${escaped(CACHEABLE)} / ${SUB} designs`);
    expect(cacheState(sub)).not.toBeNull();
    const pastTheEnd = await page(`category=${q(CACHEABLE)}&page=2`);
    expect(pastTheEnd.status).toBe(404);
    expect(pastTheEnd.body).toContain('No products found');
  });

  // Page loads and client navigations ('rsc' header) are routed alike; '/Products' too (Next
  // matches page paths case-insensitively, and so does the routing).
  it('route page loads and client navigations to the same cached listing', async () => {
    const query = `category=${q(CACHEABLE)}&subcategory=${SUB}&page=1`;
    const loaded = await page(query);
    const again = (await get(`/Products?${query}`)) as { status: number; headers: Headers; body: string };
    expect(loaded.status).toBe(200);
    expect(again.status).toBe(200);
    expect(cacheState(again)).toBe('HIT');
    expect(again.body).toBe(loaded.body);
    // Next answers an RSC request without its cache-busting _rsc parameter with a redirect that adds it.
    const navigation = await fetch(`${SHOP_URL}/products?${query}`, { headers: { rsc: '1' } });
    expect(navigation.status).toBe(200);
    expect(navigation.headers.get('content-type')).toContain('text/x-component');
    expect(await navigation.text()).toContain(`${CACHEABLE} / ${SUB} designs`);
  });

  // Which route each spelling goes to is unit-tested (tests/unit/listing-routes.test.ts); here,
  // that the server applies it: the same page as the route's own path, or a per-request render.
  it('send each spelling to the route routing names: trimmed names, canonical pages, searches per request', async () => {
    const C = CACHEABLE;
    const listing = (path: string) => get(path) as Promise<{ status: number; headers: Headers; body: string }>;
    const cached = [
      [`category=${q(` ${C} `)}&page=01`, `/products/in/${encodeSegment(C)}/1`],
      [`page=1&subcategory=${SUB}&category=${q(C)}&utm_source=mail`, `/products/in/${encodeSegment(C)}/${SUB}/1`],
    ];
    for (const [query, route] of cached) {
      const direct = await listing(route);
      const routed = await page(query);
      expect(direct.status, route).toBe(200);
      expect(routed.status, query).toBe(200);
      expect(cacheState(routed), query).toBe('HIT');
      expect(routed.body, query).toBe(direct.body);
    }
    for (const query of [`search=boho&category=${q(C)}`, `category=${q('x'.repeat(101))}`]) {
      expect(cacheState(await page(query)), query).toBeNull();
    }
    await page('');
    expect(cacheState(await page('utm_source=mail')), 'the default listing').toBe('HIT');
  });

  // Issue #16 §5, Decisions 069: a search's page is stored once its term has been asked for
  // twice, and every admin write (the catalogue tag) makes the next request render it afresh.
  it('serve a search asked for twice from the cache, and show an admin edit on the next request', async () => {
    const product = (await listProducts('?limit=30')).find((p) => !p.on_sale) as ProductResponse;
    const word = `zq${unique}`;
    const headers = { ...auth, 'content-type': 'application/json' };
    const edit = (body: Record<string, unknown>) => fetch(`${SHOP_URL}/api/products/${product.id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
    expect((await edit({ title: `${product.title} ${word}` })).status).toBe(200);
    try {
      const states = [];
      for (let i = 0; i < 3; i++) {
        const res = await page(`search=${word}`);
        expect(res.status).toBe(200);
        expect(res.body).toContain(`${product.title} ${word}`);
        states.push(cacheState(res));
      }
      // Asked once: rendered, not stored. Twice: rendered and stored. Then served.
      expect(states).toEqual(['MISS', 'MISS', 'HIT']);
      // Any spelling of the term finds the same product; another case is its own (bounded) entry.
      expect((await page(`search=${word.toUpperCase()}`)).body).toContain(`${product.title} ${word}`);

      expect((await edit({ price: 77.5 })).status).toBe(200);
      const after = await page(`search=${word}`);
      expect(cacheState(after)).not.toBe('HIT');
      expect(after.body).toContain('77.50');
      const api = (await listProducts(`?search=${word}`)).find((p) => p.id === product.id);
      expect(api?.price).toBe(77.5);
    } finally {
      expect((await edit({ title: product.title, price: product.price })).status).toBe(200);
    }
  });

  it('serve a name with characters a URL path cannot carry as they are from the cache too', async () => {
    const first = await page(`category=${q(PATHLESS)}`);
    expect(first.status).toBe(200);
    expect(first.body).toContain(`<title>${escaped(PATHLESS)} designs`);
    const again = await page(`category=${q(` ${PATHLESS}`)}`);
    expect(again.body).toContain(`<title>${escaped(PATHLESS)} designs`);
    expect(cacheState(again)).toBe('HIT');
    expect((await page(`category=${q(PATHLESS)}&subcategory=${SUB}`)).status).toBe(200);
    expect((await page(`category=${q(PATHLESS)}&subcategory=Nope`)).status).toBe(404);
    expect((await page(`category=${q(CACHEABLE)}&subcategory=${q('a/b')}`)).status).toBe(404);
  });

  // Asked twice: a 404 the page cache had stored would come back as a HIT the second time.
  it('answer an unknown category, subcategory or page with a 404 showing the empty listing, never cached', async () => {
    for (const query of [
      `category=Nope${unique}`,
      `category=${q(`Nope/${unique}`)}`,
      `category=${q(CACHEABLE)}&subcategory=Nope`,
      `category=${q(CACHEABLE)}&page=3`,
    ]) {
      for (const attempt of ['first', 'second']) {
        const res = await page(query);
        expect(res.status, `${query} ${attempt}`).toBe(404);
        expect(res.body).toContain('No products found');
        expect(cacheState(res), `${query} ${attempt}`).not.toBe('HIT');
      }
    }
  });

  it('render a search per request, within the category it names', async () => {
    const res = await page(`search=zzz${unique}&category=${q(CACHEABLE)}`);
    expect(res.status).toBe(200);
    expect(cacheState(res)).toBeNull();
    expect(res.body).toContain('No products found');
  });

  it('refuse hand-made paths to the cached route that routing never writes', async () => {
    const name = encodeSegment(CACHEABLE);
    for (const path of [
      `/products/in/${encodeSegment(` ${CACHEABLE}`)}/1`,
      `/products/in/${name}/01`,
      `/products/in/${q(CACHEABLE)}/1`,
      `/products/in/${name.toLowerCase()}/1`,
      '/products/in/1',
      `/products/in/a/b/c/1`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await get(`/products/in/${name}/1`)).status).toBe(200);
  });
});
