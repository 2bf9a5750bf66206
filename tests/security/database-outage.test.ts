import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, sql } from './helpers';
import { spawnShop, waitForShop, type ShopProcess } from './shop-server';
import { TcpLink } from './tcp-link';

// Issue 13 §7: while the database cannot be read, no page claims that something
// does not exist. A second shop reaches the test database through a TCP proxy
// (tcp-link.ts) that the test closes and opens again: a real network fault
// between the shop and Postgres.

const tag = randomBytes(5).toString('hex');
const CATEGORY = `Outage ${tag}`;
const VISITED = `outagevisited${tag}`;
const UNVISITED = `outageunvisited${tag}`;
let link: TcpLink;
let shop: ShopProcess;
let categoryId: string | undefined;
let admin: Record<string, string>;

const get = async (path: string) => {
  const res = await fetch(`${shop.url}${path}`, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

/** What a reader (or a crawler) sees: the HTML without its scripts, whose RSC payload names every boundary, not-found ones included. */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  const database = new URL(process.env.DATABASE_URL as string);
  link = await TcpLink.open({ host: database.hostname, port: Number(database.port || 5432) });
  shop = await spawnShop({ DATABASE_URL: link.through(database.toString()) });
  await waitForShop(shop);

  const login = await fetch(`${shop.url}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin' }) });
  expect(login.status).toBe(200);
  admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  // Through this shop's API, so that its cached category list learns the new category.
  const created = await fetch(`${shop.url}/api/categories`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: CATEGORY, subcategories: [] }),
  });
  expect(created.status).toBe(201);
  categoryId = ((await created.json()) as { id: string }).id;
  for (const id of [VISITED, UNVISITED]) {
    await sql('INSERT INTO "Product" (id, title, "priceCents", "categoryId", "updatedAt") VALUES ($1, $2, 900, $3, now())', [id, `Title of ${id}`, categoryId]);
  }
}, 120_000);

afterAll(async () => {
  await link?.up().catch(() => undefined);
  await shop?.stop();
  await sql('DELETE FROM "Product" WHERE id = ANY($1)', [[VISITED, UNVISITED]]);
  // Through the main shop, so its cached category list forgets it too.
  if (categoryId) {
    const login = await fetch(`${process.env.SHOP_URL}/api/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin', password: 'admin' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const res = await fetch(`${process.env.SHOP_URL}/api/categories/${categoryId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBeLessThan(300);
  }
  await closeDb();
}, 60_000);

const UNCACHED_PAGES = [`/product/${UNVISITED}`, `/products?category=${encodeURIComponent(CATEGORY)}`, `/products?search=${tag}`];

describe('a database outage', () => {
  it('answers uncached pages with a 5xx error render (never a 404 or an empty listing), the API with 503, cached pages from the cache; all recover', async () => {
    const cached = await get(`/product/${VISITED}`);
    expect(cached.status).toBe(200);
    expect(cached.text).toContain(`Title of ${VISITED}`);

    await link.down();
    expect((await get('/api/health')).status).toBe(503);
    const pages = await Promise.all(UNCACHED_PAGES.map(async (path) => ({ path, ...(await get(path)) })));
    for (const res of pages) {
      expect(res.status, res.path).toBeGreaterThanOrEqual(500);
      // Next's digest of a notFound(): it must not be what failed.
      expect(res.text, res.path).not.toContain('NEXT_HTTP_ERROR_FALLBACK;404');
      expect(visible(res.text), res.path).not.toMatch(/not found|no products|\b0 items/i);
    }
    const api = await get(`/api/products?category=${encodeURIComponent(CATEGORY)}`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.parse(api.text)).toEqual({ detail: expect.any(String), code: 'service_unavailable' });
    const stillCached = await get(`/product/${VISITED}`);
    expect(stillCached.status).toBe(200);
    expect(stillCached.text).toContain(`Title of ${VISITED}`);

    await link.up();
    const deadline = Date.now() + 30_000;
    while ((await get('/api/health')).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const product = await get(`/product/${UNVISITED}`);
    expect(product.status).toBe(200);
    expect(product.text).toContain(`Title of ${UNVISITED}`);
    const listing = await get(`/products?category=${encodeURIComponent(CATEGORY)}`);
    expect(listing.status).toBe(200);
    expect(listing.text).toContain(`Title of ${UNVISITED}`);
    const search = await get(`/products?search=${tag}`);
    expect(search.status).toBe(200);
    expect((await get(`/api/products?category=${encodeURIComponent(CATEGORY)}`)).status).toBe(200);
  }, 180_000);
});
