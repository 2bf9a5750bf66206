import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, closeDb, sql } from './helpers';

// Issue 13 §5, SECURITY.md: nothing a stranger chooses is written to a cache.
// The shop under test is server.mjs on the build in NEXT_DIST_DIR (scripts/test.ts),
// and its page and data caches live in that folder (server/shop-cache/ with the shop's
// cache handler; server/app/ and cache/fetch-cache/ with Next's own), so the whole
// folder's file count is what a stranger could grow.
const distDir = resolve(process.env.NEXT_DIST_DIR ?? '.next-test');

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) n += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  return n;
}

const made = () => randomBytes(6).toString('hex');
const createdIds: string[] = [];

afterAll(async () => {
  if (createdIds.length) await sql('DELETE FROM "Product" WHERE id = ANY($1)', [createdIds]);
  await closeDb();
});

/** Runs the requests a few at a time, and returns each one's path and status. */
async function fetchAll(paths: string[], concurrency = 8): Promise<{ path: string; status: number }[]> {
  const results: { path: string; status: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const path = paths[next++];
        const res = await fetch(`${process.env.SHOP_URL}${path}`, { redirect: 'manual' });
        await res.arrayBuffer();
        results.push({ path, status: res.status });
      }
    }),
  );
  return results;
}

describe('made-up ids, names and offsets', () => {
  it('1,000 requests leave the cache folder unchanged, while a real new page adds to it', async () => {
    expect(countFiles(distDir)).toBeGreaterThan(0);
    const categories = (await call('GET', '/api/categories')).body as { name: string; subcategories: string[] }[];
    const real = categories.find((c) => c.subcategories.length > 0) ?? categories[0];
    const q = encodeURIComponent;
    const kinds: ((i: number) => { path: string; expected: number })[] = [
      () => ({ path: `/product/${made()}`, expected: 404 }),
      () => ({ path: `/products?category=${made()}`, expected: 404 }),
      () => ({ path: `/products?category=${q(real.name)}&subcategory=${made()}`, expected: 404 }),
      (i) => ({ path: `/products?category=${q(real.name)}&page=${100 + i}`, expected: 404 }),
      (i) => ({ path: `/products?page=${100 + i}`, expected: 404 }),
      () => ({ path: `/api/products/${made()}`, expected: 404 }),
      (i) => ({ path: `/api/products?limit=${1 + (i % 499)}&offset=${i}`, expected: 200 }),
      (i) => ({ path: `/api/products?offset=${1000 + i}`, expected: 200 }),
      () => ({ path: `/api/products?category=${made()}`, expected: 200 }),
      (i) => ({ path: `/api/bundles?limit=7&category=${q(real.name)}&offset=${i}`, expected: 200 }),
      // Sorts, price ranges, tags and recommendations (Decisions 088, 089).
      () => ({ path: `/products?tag=${made()}`, expected: 404 }),
      () => ({ path: `/products?sort=${made()}`, expected: 200 }),
      (i) => ({ path: `/products?min_price=${i}&max_price=${i + 0.5}`, expected: 200 }),
      (i) => ({ path: `/products?sort=price_asc&page=${100 + i}`, expected: 404 }),
      (i) => ({ path: `/products?tag=boho&sort=top_rated&page=${100 + i}`, expected: 404 }),
      () => ({ path: `/api/products?tag=${made()}&sort=best_selling`, expected: 200 }),
      (i) => ({ path: `/api/products?sort=price_desc&min_price=${i % 50}&max_price=${(i % 50) + 1}`, expected: 200 }),
      () => ({ path: `/api/recommendations?product_ids=${made()},${made()}`, expected: 200 }),
    ];
    // One of each first, so that whatever every request legitimately reads (the category list,
    // the banner, the not-found pages) is already cached before counting.
    const warm = await fetchAll(kinds.map((kind) => kind(0).path));
    expect(warm.map((r) => r.status)).toEqual(expect.arrayContaining([404, 200]));
    const requests = Array.from({ length: 1000 }, (_, i) => kinds[i % kinds.length](i + 1));
    const expected = new Map(requests.map((r) => [r.path, r.expected]));

    const before = countFiles(distDir);
    const results = await fetchAll(requests.map((r) => r.path));
    const after = countFiles(distDir);

    expect(results).toHaveLength(1000);
    expect(results.filter((r) => r.status !== expected.get(r.path))).toEqual([]);
    expect(after).toBe(before);

    // The control: a real product nobody has asked for yet is cached on its first request.
    const id = `cachedisk${made()}`;
    await sql('INSERT INTO "Product" (id, title, "priceCents", "updatedAt") VALUES ($1, $2, 500, now())', [id, `Cache control ${id}`]);
    createdIds.push(id);
    const page = await call('GET', `/product/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Cache control ${id}`);
    expect(countFiles(distDir)).toBeGreaterThan(after);
  }, 600_000);
});
