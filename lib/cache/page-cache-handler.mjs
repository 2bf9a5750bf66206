// Next's cache (rendered pages and unstable_cache data) for `next start`,
// named by next.config.ts `cacheHandler`. Plain JavaScript because Next
// imports it at run time, outside the build.
//
// Why not Next's built-in file cache: it writes every render of a cached
// (ISR) page to disk, a notFound() render included, and never removes one,
// so every made-up /product/<id> or category a stranger asks for would add
// files for good (SECURITY.md; Decisions 038). Next 16 offers a render no
// supported way to say "do not store this 404" (connection() in a cached page
// is a 500 at run time). This handler stores what the built-in one stores,
// in one file per entry, except 404 responses; lookups that must not grow
// the data cache are kept out of it in lib/cache/catalog.ts.
//
// Entries live under the build's server folder, which every `next build`
// empties, so a new build never serves an old build's pages. Tag revalidation
// (revalidateTag, used by every admin write) is remembered per process, as
// the built-in cache does.
//
// With REDIS_URL set, entries and tag expiries live in Redis instead
// (redis-cache-store.mjs, Decisions 055), so every instance behind a balancer
// serves the same pages and an admin write on one reaches all; the 404 rule
// and the tag rules are the same.
//
// Searches (a rendered search page, or search results in the data cache) are
// kept apart by search-entries.mjs: stored only once asked for twice, bounded
// in number and bytes, short-lived, and in memory or Redis, never in files
// (Decisions 069).
//
// Next also bundles this file into the Edge middleware, which never stores
// anything but fails to load if the file imports Node modules at the top:
// they are imported when first used instead.
import { LRUCache } from 'lru-cache';
import { RedisCacheStore } from './redis-cache-store.mjs';
import { isSearchKey, SearchEntries } from './search-entries.mjs';

let modules;
const node = () =>
  (modules ??= Promise.all([import('node:crypto'), import('node:fs/promises'), import('node:path'), import('node:v8')]).then(([crypto, fs, path, v8]) => ({
    crypto,
    fs,
    path,
    v8,
  })));

const TAGS_HEADER = 'x-next-cache-tags';
const RESPONSE_KINDS = new Set(['APP_PAGE', 'APP_ROUTE', 'PAGES']);

/** Tag -> when it expired (ms since the epoch), shared by every handler instance of this process. */
const expiredTags = new Map();

// Hot entries stay in memory, as in Next's own cache (same 50 MB default), so a
// cache hit costs no file read; the files are the copy that outlives the process.
const MEMORY_BYTES = 50 * 1024 * 1024;
const memory = new LRUCache({ maxSize: MEMORY_BYTES, sizeCalculation: (entry) => Math.max(1, entry.bytes) });

/** Tags an entry answers to: a page's come in its headers, a data entry's with the call. */
function tagsOf(data, ctx) {
  const header = data?.headers?.[TAGS_HEADER];
  const fromHeader = typeof header === 'string' ? header.split(',') : [];
  return [...fromHeader, ...(ctx?.tags ?? []), ...(data?.tags ?? [])];
}

// A 404 page is cheap to render again and its address is whatever a stranger typed.
function isUnstorable(data) {
  return data === null || (RESPONSE_KINDS.has(data.kind) && data.status === 404);
}

function isExpired(tags, lastModified) {
  const now = Date.now();
  return tags.some((tag) => {
    const at = expiredTags.get(tag);
    return at !== undefined && at <= now && at > lastModified;
  });
}

// Next asks on every request of a cached page: checked list by list, without
// building one array of them all per lookup (Decisions 079).
function isAnyExpired(lastModified, ...lists) {
  return lists.some((tags) => tags !== undefined && isExpired(tags, lastModified));
}

// Next creates a handler per request, and bundles this file into several server
// chunks (one module copy each), so the one Redis connection of the process
// lives on globalThis: every copy shares it and finds it already connected.
const SHARED = Symbol.for('design-shop.redis-cache-store');
const REDIS_URL = Symbol.for('design-shop.redis-url');
function sharedStore(serverDistDir) {
  // The one read of process.env outside lib/env.ts: Next imports this file by
  // itself at run time, outside the TypeScript that lib/env.ts belongs to. The
  // value is validated at start by lib/env.ts (instrumentation.ts). Read once:
  // Next builds a handler several times per request.
  const url = (globalThis[REDIS_URL] ??= process.env.REDIS_URL?.trim() ?? '');
  if (!url) return null;
  // Connecting starts with the first request, so the first revalidateTag rarely has to wait for it.
  globalThis[SHARED] ??= deploymentNamespace(serverDistDir).then((namespace) => {
    const store = new RedisCacheStore({ url, namespace });
    void store.ready();
    return store;
  });
  return globalThis[SHARED];
}

// One per process for the same reason as the Redis store: every bundled copy of
// this file must count asks and bound entries together.
const SEARCHES = Symbol.for('design-shop.search-entries');
function sharedSearches(redis) {
  globalThis[SEARCHES] ??= new SearchEntries({
    // Pushed out here: its copy in Redis goes too (it would expire by its TTL anyway).
    onEvict: (key) => void redis?.then((store) => store.delete(key)),
  });
  return globalThis[SEARCHES];
}

/** This process's search entries (their counts, for tests and the bench). */
export function searchEntries() {
  return globalThis[SEARCHES] ?? null;
}

/** The deployment id when next.config.ts sets one (the build id is then a constant), otherwise the build id. */
async function deploymentNamespace(serverDistDir) {
  const { fs, path } = await node();
  const distDir = path.dirname(serverDistDir);
  try {
    const required = JSON.parse(await fs.readFile(path.join(distDir, 'required-server-files.json'), 'utf8'));
    if (required?.config?.deploymentId) return `d-${required.config.deploymentId}`;
  } catch {
    // no deployment id recorded: fall back to the build id
  }
  try {
    return `b-${(await fs.readFile(path.join(distDir, 'BUILD_ID'), 'utf8')).trim()}`;
  } catch {
    return 'unbuilt';
  }
}

export default class PageCacheHandler {
  constructor(options) {
    this.serverDistDir = options.serverDistDir;
    this.redis = sharedStore(this.serverDistDir);
    this.searches = sharedSearches(this.redis);
  }

  async paths(key) {
    const { crypto, path } = await node();
    const dir = path.join(this.serverDistDir, 'shop-cache');
    return { dir, file: path.join(dir, crypto.createHash('sha256').update(key).digest('hex')) };
  }

  async get(key, ctx) {
    if (isSearchKey(key, ctx?.tags)) return this.getSearch(key, ctx);
    if (this.redis) {
      const entry = await (await this.redis).get(key, [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]);
      return entry && { lastModified: entry.lastModified, value: entry.value };
    }
    const entry = memory.get(key) ?? (await this.read(key));
    if (!entry || isAnyExpired(entry.lastModified, entry.tags, ctx?.tags, ctx?.softTags)) return null;
    return { lastModified: entry.lastModified, value: entry.value };
  }

  async read(key) {
    const { fs, v8 } = await node();
    let bytes;
    try {
      bytes = await fs.readFile((await this.paths(key)).file);
    } catch {
      return null;
    }
    const entry = { ...v8.deserialize(bytes), bytes: bytes.byteLength };
    memory.set(key, entry);
    return entry;
  }

  async set(key, data, ctx) {
    if (isSearchKey(key, ctx?.tags ?? data?.tags)) return this.setSearch(key, data, ctx);
    if (this.redis) {
      const store = await this.redis;
      if (isUnstorable(data)) await store.delete(key);
      else await store.set(key, { lastModified: Date.now(), tags: tagsOf(data, ctx), value: data });
      return;
    }
    const { crypto, fs, v8 } = await node();
    const { dir, file: target } = await this.paths(key);
    // A 404 page is cheap to render again and its address is whatever a stranger
    // typed: never stored, and it removes what was stored under its key (a page
    // whose product is gone must not be served stale from an older render).
    if (isUnstorable(data)) {
      memory.delete(key);
      await fs.rm(target, { force: true });
      return;
    }
    const entry = { lastModified: Date.now(), tags: tagsOf(data, ctx), value: data };
    const bytes = v8.serialize(entry);
    memory.set(key, { ...entry, bytes: bytes.byteLength });
    await fs.mkdir(dir, { recursive: true });
    // Written aside and renamed, so a reader never sees half an entry.
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
  }

  /**
   * Every lookup counts as an ask. In memory an entry is served only while the bounds keep it;
   * in Redis, whichever instance stored it (its TTL there is the entries' own).
   */
  async getSearch(key, ctx) {
    this.searches.noteAsk(key);
    const extraTags = [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
    const entry = this.redis ? await (await this.redis).get(key, extraTags) : this.searches.get(key);
    if (!entry || (!this.redis && isExpired([...entry.tags, ...extraTags], entry.lastModified))) return null;
    return { lastModified: entry.lastModified, value: entry.value };
  }

  /** Stored only when its key has been asked for often enough (search-entries.mjs); a 404 or null removes it. */
  async setSearch(key, data, ctx) {
    const store = this.redis && (await this.redis);
    if (isUnstorable(data)) {
      this.searches.delete(key);
      await store?.delete(key);
      return;
    }
    if (!this.searches.isPopular(key)) return;
    const entry = { lastModified: Date.now(), tags: tagsOf(data, ctx), value: data };
    this.searches.keep(key, data, store ? undefined : entry);
    await store?.set(key, entry, Math.ceil(this.searches.limits.entryTtlMs / 1000));
  }

  async revalidateTag(tags, durations) {
    const at = Date.now() + (durations?.expire ?? 0) * 1000;
    for (const tag of [tags].flat()) expiredTags.set(tag, at);
    if (this.redis) await (await this.redis).expireTags([tags].flat(), at);
  }

  resetRequestCache() {}
}
