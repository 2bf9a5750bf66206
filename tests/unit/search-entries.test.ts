import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSearchKey, SEARCH_LIMITS, SEARCH_TAG, SearchEntries, type SearchLimits } from '@/lib/cache/search-entries.mjs';
import PageCacheHandler, { searchEntries } from '@/lib/cache/page-cache-handler.mjs';

// Issue #16 §5, Decisions 069: which searches the cache keeps, and how many.
const limits = (overrides: Partial<SearchLimits> = {}): SearchLimits => ({ ...SEARCH_LIMITS, ...overrides });

function manualClock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const searchPage = (term: string) => `/route-cache/APP_PAGE/abc/$/products/found/${term}/1`;
const html = (text: string) => ({ kind: 'APP_PAGE', html: text, rscData: Buffer.from(text), headers: { 'x-next-cache-tags': 'catalog' }, status: 200 });

describe('search entries', () => {
  it('tells search entries from the rest: the search route and data tagged as a search', () => {
    expect(isSearchKey(searchPage('boho'))).toBe(true);
    expect(isSearchKey('3f9a…hash', ['catalog', SEARCH_TAG])).toBe(true);
    expect(isSearchKey('/route-cache/APP_PAGE/abc/$/products/in/Clip Art/1', ['catalog'])).toBe(false);
    expect(isSearchKey('/route-cache/APP_PAGE/abc/$/product/found')).toBe(false);
  });

  it('a key asked for once is not stored; a second ask within the window is', () => {
    const clock = manualClock();
    const entries = new SearchEntries({ limits: limits({ askWindowMs: 1_000 }), clock });
    entries.noteAsk('a');
    expect(entries.isPopular('a')).toBe(false);
    entries.noteAsk('a');
    expect(entries.isPopular('a')).toBe(true);
    // Asks further apart than the window never add up: the count starts again.
    entries.noteAsk('b');
    clock.advance(1_001);
    entries.noteAsk('b');
    expect(entries.isPopular('b')).toBe(false);
  });

  it('keeps at most countedKeys counters, forgetting the least recently asked', () => {
    const entries = new SearchEntries({ limits: limits({ countedKeys: 50 }) });
    entries.noteAsk('kept');
    for (let i = 0; i < 5_000; i++) {
      entries.noteAsk(`term ${i}`);
      if (i % 10 === 0) entries.noteAsk('kept');
    }
    expect(entries.countedKeys).toBe(50);
    expect(entries.isPopular('kept')).toBe(true);
    expect(entries.isPopular('term 0')).toBe(false);
  });

  it('keeps at most maxEntries entries and maxBytes, and hands what it pushes out to onEvict', () => {
    const evicted: string[] = [];
    const entries = new SearchEntries({ limits: limits({ maxEntries: 3, maxBytes: 1_000 }), onEvict: (key) => evicted.push(key) });
    for (const key of ['a', 'b', 'c', 'd']) entries.keep(key, { html: 'x'.repeat(100) }, { key });
    expect(entries.size).toBe(3);
    expect(entries.has('a')).toBe(false);
    expect(evicted).toEqual(['a']);
    entries.keep('big', { html: 'x'.repeat(900) }, { key: 'big' });
    expect(entries.size).toBeLessThan(3);
    expect(evicted).toContain('b');
  });

  it('serves an entry for entryTtlMs at most', () => {
    const clock = manualClock();
    const entries = new SearchEntries({ limits: limits({ entryTtlMs: 5_000 }), clock });
    entries.keep('a', { html: 'x' }, { lastModified: 1, tags: [], value: {} });
    clock.advance(4_999);
    expect(entries.get('a')).not.toBeNull();
    clock.advance(2);
    expect(entries.get('a')).toBeNull();
    expect(entries.has('a')).toBe(false);
  });
});

describe("the cache handler's searches, without Redis", () => {
  const dir = mkdtempSync(join(tmpdir(), 'search-entries-'));
  const handler = new PageCacheHandler({ serverDistDir: dir });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores a search page on its second render, in memory only, and an admin write (the catalogue tag) expires it', async () => {
    const key = searchPage(`unit-${Date.now()}`);
    expect(await handler.get(key, { kind: 'APP_PAGE' })).toBeNull();
    await handler.set(key, html('<p>first</p>'));
    expect(await handler.get(key, { kind: 'APP_PAGE' })).toBeNull();
    await handler.set(key, html('<p>second</p>'));
    expect((await handler.get(key, { kind: 'APP_PAGE' }))?.value.html).toBe('<p>second</p>');
    expect(readdirSync(dir)).toEqual([]);

    await new Promise((r) => setTimeout(r, 2));
    await handler.revalidateTag('catalog');
    expect(await handler.get(key, { kind: 'APP_PAGE' })).toBeNull();
  });

  it('stores search data the same way, and a 404 or null removes it', async () => {
    const key = `data-${Date.now()}`;
    const ctx = { tags: ['catalog', SEARCH_TAG] };
    const data = { kind: 'FETCH', data: { body: '{"items":[],"total":0}', headers: {}, status: 200, url: '' }, revalidate: 60 };
    await handler.get(key, ctx);
    await handler.set(key, data, ctx);
    expect(await handler.get(key, ctx)).toBeNull();
    await handler.set(key, data, ctx);
    expect((await handler.get(key, ctx))?.value).toEqual(data);
    await handler.set(key, null, ctx);
    expect(await handler.get(key, ctx)).toBeNull();
    expect(searchEntries()?.has(key)).toBe(false);
  });
});
