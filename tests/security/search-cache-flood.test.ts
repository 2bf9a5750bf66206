import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import PageCacheHandler, { searchEntries } from '@/lib/cache/page-cache-handler.mjs';
import { SEARCH_LIMITS, SEARCH_TAG } from '@/lib/cache/search-entries.mjs';

// Issue #16 §5, Decisions 038 and 069: a search term is whatever a stranger
// types. Popular searches are cached, so a flood of distinct terms, each asked
// for twice (enough to be stored), must only recycle a bounded space: the
// cache handler Next calls for every search page and search result, driven
// here as Next drives it (a lookup, then the render's store).
const dir = mkdtempSync(join(tmpdir(), 'search-flood-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const term = () => randomBytes(8).toString('hex');
const page = (text: string) => ({
  kind: 'APP_PAGE',
  html: `<main>${text}</main>`,
  rscData: Buffer.from(text),
  headers: { 'x-next-cache-tags': 'catalog' },
  status: 200,
});
const data = (text: string) => ({
  kind: 'FETCH',
  data: { body: JSON.stringify({ items: [text], total: 1 }), headers: {}, status: 200, url: '' },
  revalidate: 60,
});

describe('a flood of distinct search terms', () => {
  it('never grows the search cache past its bounds, nor writes a file, while a popular term is still served', async () => {
    const handler = new PageCacheHandler({ serverDistDir: dir });
    const flood = SEARCH_LIMITS.countedKeys;
    for (let i = 0; i < flood; i++) {
      const t = term();
      const pageKey = `/route-cache/APP_PAGE/f/$/products/found/${t}/1`;
      const dataKey = `search-${t}`;
      const tags = { tags: ['catalog', SEARCH_TAG] };
      for (let ask = 0; ask < 2; ask++) {
        await handler.get(pageKey, { kind: 'APP_PAGE' });
        await handler.set(pageKey, page(t));
        await handler.get(dataKey, { kind: 'FETCH', ...tags });
        await handler.set(dataKey, data(t), tags);
      }
    }
    const entries = searchEntries();
    expect(entries?.size).toBeLessThanOrEqual(SEARCH_LIMITS.maxEntries);
    expect(entries?.countedKeys).toBeLessThanOrEqual(SEARCH_LIMITS.countedKeys);
    expect(readdirSync(dir)).toEqual([]);

    // The control: the flood did not simply switch the cache off.
    const popular = '/route-cache/APP_PAGE/f/$/products/found/boho/1';
    await handler.get(popular, { kind: 'APP_PAGE' });
    await handler.set(popular, page('boho'));
    await handler.get(popular, { kind: 'APP_PAGE' });
    await handler.set(popular, page('boho'));
    expect((await handler.get(popular, { kind: 'APP_PAGE' }))?.value.html).toBe('<main>boho</main>');
  }, 120_000);
});
