import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginResponse } from '@/lib/contract/admin';
import { categoryWriteResponse } from '@/lib/contract/catalog';
import type { ProductResponse } from '@/lib/contract/catalog';
import { expectShape, get, listProducts, SHOP_URL } from './helpers';

// /products query URLs as the server routes them (lib/http/listing-rewrites.ts):
// browse listings from the page cache, one entry per listing whatever the
// spelling; searches and names a path cannot carry rendered per request; unknown
// categories are 404s either way.
const unique = Date.now().toString(36);
const CACHEABLE = `Café & Co. ${unique}`;
const UNCACHEABLE = `Cards/Prints 100% ${unique}`;
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
  await createCategory(UNCACHEABLE);
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

  // Page loads and client navigations ('rsc' header) go through the same next.config.ts rewrites;
  // '/Products' too (Next matches paths case-insensitively). For a navigation Next names the
  // rewritten path, so the client router knows which listing it got.
  it('route page loads and client navigations to the same cached listing', async () => {
    const query = `category=${q(CACHEABLE)}&subcategory=${SUB}&page=1`;
    const loaded = await page(query);
    const rewritten = (await get(`/Products?${query}`)) as { status: number; headers: Headers; body: string };
    expect(loaded.status).toBe(200);
    expect(rewritten.status).toBe(200);
    expect(cacheState(rewritten)).toBe('HIT');
    expect(rewritten.body).toBe(loaded.body);
    const navigation = await fetch(`${SHOP_URL}/products?${query}`, { headers: { rsc: '1' }, redirect: 'manual' });
    expect(navigation.headers.get('x-nextjs-rewritten-path')).toBe(`/products/in/${CACHEABLE}/${SUB}/1`);
  });

  // The route Next's own matcher picks for each spelling (lib/http/listing-rewrites.ts), as it tells
  // the client router: a path under /products/in is cached, /products/search renders per request,
  // no rewrite means /products itself.
  it('send each spelling to the route the rewrites name: trimmed names, canonical pages, searches per request', async () => {
    const C = CACHEABLE;
    const expected: [string, string | null][] = [
      ['', null],
      ['page=1', null],
      ['page=01', null],
      ['page=0', null],
      ['page=abc', null],
      ['page=10001', null],
      ['subcategory=Mugs', null],
      ['category=', null],
      ['category=%20%20', null],
      ['search=%20', null],
      ['utm_source=mail', null],
      [`category=${q(C)}`, `/products/in/${C}/1`],
      [`category=${q(` ${C} `)}&page=01`, `/products/in/${C}/1`],
      [`category=${q(C)}&page=3`, `/products/in/${C}/3`],
      [`page=3&subcategory=${SUB}&category=${q(C)}`, `/products/in/${C}/${SUB}/3`],
      [`category=${q(C)}&subcategory=`, `/products/in/${C}/1`],
      [`category=${q(C)}&page=10000`, `/products/in/${C}/10000`],
      [`category=Nope&category=${q(C)}`, `/products/in/${C}/1`],
      [`category=${q(C)}&page=x&page=2`, `/products/in/${C}/2`],
      ['page=12', '/products/in/12'],
      [`search=boho&category=${q(C)}`, '/products/search'],
      ['search=boho', '/products/found/boho/1'],
      [`search=${q(' Retro Cat ')}&page=2`, '/products/found/Retro Cat/2'],
      ['page=1&search=boho', '/products/found/boho/1'],
      ['search=boho&page=abc', '/products/search'],
      ['search=boho&subcategory=Mugs', '/products/search'],
      [`search=${q('100%')}`, '/products/search'],
      [`search=${q('x'.repeat(101))}`, '/products/search'],
      ...['Cards/Prints', '100%', 'a?b', 'a#b', 'a\\b', 'line\nbreak', 'x'.repeat(101)].flatMap((name): [string, string][] => [
        [`category=${q(name)}`, '/products/search'],
        [`category=${q(C)}&subcategory=${q(name)}&page=2`, '/products/search'],
      ]),
      [`category=${q(C)}&category=${q('a/b')}`, '/products/search'],
    ];
    for (const [query, route] of expected) {
      const res = await fetch(`${SHOP_URL}/products?${query}`, { headers: { rsc: '1' }, redirect: 'manual' });
      expect(res.headers.get('x-nextjs-rewritten-path'), query).toBe(route);
    }
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

  it('render a name a path cannot carry per request, with the same answers', async () => {
    const res = await page(`category=${q(UNCACHEABLE)}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<title>${escaped(UNCACHEABLE)} designs`);
    expect(cacheState(res)).toBeNull();
    expect((await page(`category=${q(UNCACHEABLE)}&subcategory=${SUB}`)).status).toBe(200);
    expect((await page(`category=${q(UNCACHEABLE)}&subcategory=Nope`)).status).toBe(404);
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

  it('refuse hand-made paths to the cached route that the rewrites never write', async () => {
    for (const path of [`/products/in/${q(` ${CACHEABLE}`)}/1`, `/products/in/${q(CACHEABLE)}/01`, '/products/in/1', `/products/in/a/b/c/1`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await get(`/products/in/${q(CACHEABLE)}/1`)).status).toBe(200);
  });
});
