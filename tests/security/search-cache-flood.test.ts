// Issue #16 §5 and #24 §9, Decisions 038 and 069: a search term is whatever a
// stranger types, so the shop caches a search only once it is asked for twice,
// and keeps a bounded number of them. Observed over HTTP on the running shop,
// through what it answers (`x-nextjs-cache`: a stored search is a HIT, a render
// a MISS) and the files of its build folder, never through the cache's own
// settings: a term asked once is rendered again the next time; after a flood
// of other popular terms the first is evicted while the newest are still
// served from the cache; and nothing of it reaches the disk.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOP_URL } from './helpers';

const distDir = resolve(process.env.NEXT_DIST_DIR ?? '.next-test');
/** Stored searches are served at most this long (Decision 069): the flood must be over sooner, or age alone could evict. */
const ENTRY_TTL_MS = 5 * 60_000;
/** More popular terms than the shop keeps entries (300, pages and results together; a term stores at least one of each). */
const FLOOD = 320;

const term = () => `zq${randomBytes(7).toString('hex')}`;

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) n += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  return n;
}

/** Searches for `text` as a shopper does, and returns how the shop answered from its cache. */
async function search(text: string): Promise<string | null> {
  const res = await fetch(`${SHOP_URL}/products?search=${text}`);
  await res.arrayBuffer();
  expect(res.status, text).toBe(200);
  return res.headers.get('x-nextjs-cache');
}

/** Runs `task` for each item, a few at a time. */
async function forEach<T>(items: T[], task: (item: T) => Promise<void>, parallel = 4): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

describe('a flood of distinct search terms', () => {
  it('asked once each, stores none of them: each is rendered again when asked a second time', async () => {
    const files = countFiles(distDir);
    const terms = Array.from({ length: 200 }, term);
    await forEach(terms, async (t) => expect(await search(t)).toBe('MISS'));
    for (const t of terms.slice(-20)) expect(await search(t), t).toBe('MISS');
    expect(countFiles(distDir)).toBe(files);
  }, 300_000);

  it(`asked twice each, only recycles a bounded space: after ${FLOOD} of them the first popular term is rendered again, the newest are served`, async () => {
    const files = countFiles(distDir);
    const first = term();
    expect([await search(first), await search(first), await search(first)]).toEqual(['MISS', 'MISS', 'HIT']);

    const startedAt = Date.now();
    const flood = Array.from({ length: FLOOD }, term);
    await forEach(flood, async (t) => {
      await search(t);
      await search(t);
    });
    const newest = flood.slice(-20);
    for (const t of newest) expect(await search(t), t).toBe('HIT');
    expect(await search(first)).toBe('MISS');
    expect(Date.now() - startedAt, 'evicted by the bound, not by age').toBeLessThan(ENTRY_TTL_MS);
    expect(countFiles(distDir)).toBe(files);
  }, 600_000);
});
