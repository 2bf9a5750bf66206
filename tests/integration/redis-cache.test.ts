// The shared cache (issue #16 §1, Decisions 055) against a real redis-server
// started here on a free port: what one instance stores or invalidates, another
// sees; 404 renders are never stored; Redis down is a miss, never an error,
// with one log line.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type LocalRedis } from '../../scripts/lib/redis-server';
import { ENTRY_TTL_SECONDS, RedisCacheStore } from '../../lib/cache/redis-cache-store.mjs';
import { SEARCH_LIMITS, SEARCH_TAG } from '../../lib/cache/search-entries.mjs';
import type PageCacheHandler from '../../lib/cache/page-cache-handler.mjs';

const dir = mkdtempSync(join(tmpdir(), 'redis-cache-'));
const distDir = join(dir, 'dist');
let redis: LocalRedis;
let handler: PageCacheHandler;
/** A second instance: its own connection, as another `next start` process would have. */
let other: RedisCacheStore;
let namespace: string;

function page(html: string, tags: string[] = ['catalog'], status = 200) {
  return {
    kind: 'APP_PAGE',
    html,
    rscData: Buffer.from(`rsc:${html}`),
    segmentData: new Map([['/_index', Buffer.from('segment')]]),
    headers: { 'x-next-cache-tags': tags.join(',') },
    postponed: undefined,
    status,
  };
}

beforeAll(async () => {
  redis = await startRedis({ dir: join(dir, 'redis') });
  mkdirSync(join(distDir, 'server'), { recursive: true });
  writeFileSync(join(distDir, 'BUILD_ID'), 'build-one');
  process.env.REDIS_URL = redis.url;
  const { default: PageCacheHandler } = await import('../../lib/cache/page-cache-handler.mjs');
  handler = new PageCacheHandler({ serverDistDir: join(distDir, 'server') });
  namespace = 'b-build-one';
  other = new RedisCacheStore({ url: redis.url, namespace, log: () => {} });
  expect(await other.connected(5_000)).toBe(true);
});

afterAll(async () => {
  delete process.env.REDIS_URL;
  await other?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 300 && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

describe('shared cache on Redis', () => {
  it('a page stored by one instance is served by another, Buffers and Maps intact', async () => {
    // The handler connects on first use; its first read is a miss until the client is ready.
    await eventually(
      () => handler.get('warm-up'),
      () => true,
    );
    await eventually(
      async () => (await handler.set('/route-cache/APP_PAGE/x/$/product/1', page('<p>one</p>')), other.get('/route-cache/APP_PAGE/x/$/product/1')),
      (entry) => entry !== null,
    );
    const seen = await other.get('/route-cache/APP_PAGE/x/$/product/1');
    expect(seen?.value.html).toBe('<p>one</p>');
    expect(Buffer.isBuffer(seen?.value.rscData)).toBe(true);
    expect((seen?.value.segmentData as Map<string, Buffer>).get('/_index')?.toString()).toBe('segment');

    await other.set('/route-cache/APP_PAGE/x/$/product/2', { lastModified: Date.now(), tags: ['catalog'], value: page('<p>two</p>') });
    const got = await handler.get('/route-cache/APP_PAGE/x/$/product/2', { kind: 'APP_PAGE' });
    expect(got?.value.html).toBe('<p>two</p>');
  });

  it('revalidateTag on one instance makes every instance miss entries stored before it, not after', async () => {
    await handler.set('page-a', page('<p>a</p>'));
    await other.set('data-b', { lastModified: Date.now(), tags: ['catalog'], value: { kind: 'FETCH', data: { body: '1' } } });
    await other.set('untagged', { lastModified: Date.now(), tags: ['other-tag'], value: { kind: 'FETCH', data: { body: 'u' } } });
    expect(await other.get('page-a')).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));

    await handler.revalidateTag('catalog', { expire: 0 });

    expect(await other.get('page-a')).toBeNull();
    expect(await handler.get('data-b', { kind: 'FETCH' })).toBeNull();
    expect((await handler.get('untagged', { kind: 'FETCH' }))?.value).toEqual({ kind: 'FETCH', data: { body: 'u' } });

    await new Promise((r) => setTimeout(r, 5));
    await handler.set('page-a', page('<p>a2</p>'));
    expect((await other.get('page-a'))?.value.html).toBe('<p>a2</p>');
  });

  it('a tag expired by a process outside Next (the worker) reaches the handler, also through ctx tags', async () => {
    await handler.set('data-c', { kind: 'FETCH', data: { body: 'c' } }, { tags: ['catalog'] });
    await handler.set('soft', { kind: 'FETCH', data: { body: 's' } }, { tags: [] });
    expect(await handler.get('data-c', { kind: 'FETCH' })).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));

    const worker = new RedisCacheStore({ url: redis.url, log: () => {} });
    expect(await worker.connected(5_000)).toBe(true);
    expect(await worker.expireTags(['catalog', '_N_T_/products'])).toBe(true);
    await worker.close();

    expect(await handler.get('data-c', { kind: 'FETCH' })).toBeNull();
    expect(await handler.get('soft', { kind: 'FETCH', softTags: ['_N_T_/products'] })).toBeNull();
    expect(await handler.get('soft', { kind: 'FETCH', softTags: ['_N_T_/other'] })).not.toBeNull();
  });

  it("the standalone worker's finished uploads expire the catalogue on every instance", async () => {
    const { catalogInvalidator } = await import('../../lib/cache/worker-invalidation');
    await handler.set('listing', { kind: 'FETCH', data: { body: 'old listing' } }, { tags: ['catalog'] });
    await new Promise((r) => setTimeout(r, 5));
    const client = await other.ready();
    const before = Number((await client?.get(other.tagKey('catalog')))?.toString() ?? 0);

    const invalidator = catalogInvalidator(() => {});
    expect(invalidator).not.toBeNull();
    for (let i = 0; i < 20; i++) invalidator?.changed();
    const expired = await eventually(
      () => handler.get('listing', { kind: 'FETCH' }),
      (entry) => entry === null,
    );
    expect(expired).toBeNull();
    const after = Number((await client?.get(other.tagKey('catalog')))?.toString());
    expect(after).toBeGreaterThan(before);
    await invalidator?.close();
  });

  it('an expiry asked of a store that is still connecting waits for the connection instead of being lost', async () => {
    // Next bundles the handler into several chunks: a route's first revalidateTag can meet a client not yet connected.
    const fresh = new RedisCacheStore({ url: redis.url, log: () => {} });
    const at = Date.now();
    expect(await fresh.expireTags(['fresh-tag'], at)).toBe(true);
    await fresh.close();
    const client = await other.ready();
    expect(Number((await client?.get(other.tagKey('fresh-tag')))?.toString())).toBe(at);
  });

  it('never stores a 404 render, and a 404 removes what was stored under its key on every instance', async () => {
    await handler.set('/route-cache/APP_PAGE/x/$/product/gone', page('<p>gone</p>'));
    expect(await other.get('/route-cache/APP_PAGE/x/$/product/gone')).not.toBeNull();
    await handler.set('/route-cache/APP_PAGE/x/$/product/gone', page('not found', [], 404));
    expect(await other.get('/route-cache/APP_PAGE/x/$/product/gone')).toBeNull();

    await handler.set('/route-cache/APP_PAGE/x/$/product/made-up', page('not found', [], 404));
    const client = await other.ready();
    expect(await client?.exists(other.entryKey('/route-cache/APP_PAGE/x/$/product/made-up'))).toBe(0);
  });

  it('bounds every entry and tag record by a TTL, and keeps deployments apart', async () => {
    await handler.set('ttl-check', page('<p>t</p>'));
    const client = await other.ready();
    const entryTtl = await client?.ttl(other.entryKey('ttl-check'));
    expect(entryTtl).toBeGreaterThan(0);
    expect(entryTtl).toBeLessThanOrEqual(ENTRY_TTL_SECONDS);
    const tagTtl = await client?.ttl(other.tagKey('catalog'));
    expect(tagTtl).toBeGreaterThan(0);

    const nextDeployment = new RedisCacheStore({ url: redis.url, namespace: 'd-another', log: () => {} });
    expect(await nextDeployment.connected(5_000)).toBe(true);
    expect(await nextDeployment.get('ttl-check')).toBeNull();
    await nextDeployment.close();
  });

  it('a search is stored in Redis on its second render, for minutes, served to every instance and expired by an admin write', async () => {
    const key = '/route-cache/APP_PAGE/x/$/products/found/boho/1';
    const client = await other.ready();
    expect(await handler.get(key, { kind: 'APP_PAGE' })).toBeNull();
    await handler.set(key, page('<p>boho one</p>'));
    expect(await client?.exists(other.entryKey(key))).toBe(0);

    expect(await handler.get(key, { kind: 'APP_PAGE' })).toBeNull();
    await handler.set(key, page('<p>boho two</p>'));
    expect((await other.get(key))?.value.html).toBe('<p>boho two</p>');
    const ttl = await client?.ttl(other.entryKey(key));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(SEARCH_LIMITS.entryTtlMs / 1000);

    // Stored by another instance: served here although this one asked for it only once.
    const data = '3b1f-search-data-key';
    await other.set(data, { lastModified: Date.now(), tags: ['catalog', SEARCH_TAG], value: { kind: 'FETCH', data: { body: '[1]' } } }, 60);
    expect((await handler.get(data, { kind: 'FETCH', tags: ['catalog', SEARCH_TAG] }))?.value).toEqual({ kind: 'FETCH', data: { body: '[1]' } });

    await new Promise((r) => setTimeout(r, 5));
    await other.expireTags(['catalog']);
    expect(await handler.get(key, { kind: 'APP_PAGE' })).toBeNull();
    expect(await handler.get(data, { kind: 'FETCH', tags: ['catalog', SEARCH_TAG] })).toBeNull();
  });

  it('Redis down: a miss and a skipped write, never an error, one log line; back: shared again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await handler.set('before-outage', page('<p>kept</p>'));
      await redis.stop();

      for (let i = 0; i < 5; i++) {
        await expect(handler.get('before-outage', { kind: 'APP_PAGE' })).resolves.toBeNull();
        await expect(handler.set(`during-${i}`, page('<p>x</p>'))).resolves.toBeUndefined();
        await expect(handler.revalidateTag('catalog', { expire: 0 })).resolves.toBeUndefined();
      }
      const outageLines = warn.mock.calls.filter(([m]) => String(m).includes('is unavailable'));
      expect(outageLines).toHaveLength(1);
      expect(String(outageLines[0][0])).toContain('rendered without the shared cache');

      redis = await startRedis({ dir: join(dir, 'redis'), port: redis.port });
      const back = await eventually(
        async () => (await handler.set('after-outage', page('<p>back</p>')), handler.get('after-outage', { kind: 'APP_PAGE' })),
        (entry) => entry !== null,
      );
      expect(back?.value.html).toBe('<p>back</p>');
      expect(warn.mock.calls.some(([m]) => String(m).includes('is back'))).toBe(true);
    } finally {
      warn.mockRestore();
    }
  });
});
