// Which searches Next's cache keeps, and how many (issue #16 §5, Decisions 069).
// Used by page-cache-handler.mjs for two kinds of entry: rendered search pages
// (/products/found/{term}/{page}, an ISR route the listing rewrites send plain
// searches to) and search results in the data cache (unstable_cache with
// SEARCH_TAG, lib/cache/catalog.ts).
//
// A search term is whatever a stranger types, so nothing is stored the first
// time it is asked (Decisions 038): a key is stored only when it has been
// asked for ASKS_BEFORE_STORED times within ASK_WINDOW_MS, counted in a
// bounded LRU of counters. What is stored is bounded in entries and bytes
// (the least recently used goes first) and lives at most ENTRY_TTL_MS, so a
// flood of distinct terms, each asked twice, only recycles the same space.
// Results of a term are the same for every visitor (no per-visitor data on
// the page), so one visitor cannot change what another is shown.
//
// Plain JavaScript for the same reason as page-cache-handler.mjs.
import { LRUCache } from 'lru-cache';

/** The data-cache tag of cached search results (catalog.ts); the page tag is the path below. */
export const SEARCH_TAG = 'catalog-search';
/** The cached search route's path; Next's response-cache keys end in `$` + the page's path. */
export const SEARCH_PAGE_PATH = '/products/found/';

export const SEARCH_LIMITS = {
  asksBeforeStored: 2,
  askWindowMs: 10 * 60_000,
  /** Counters kept: a term not asked again before 10,000 others is forgotten (and counts from one again). */
  countedKeys: 10_000,
  /** Stored search entries per process, pages and data together. */
  maxEntries: 300,
  maxBytes: 48 * 1024 * 1024,
  /** Longer than the pages' and data's revalidate (60 s), so a term asked every minute keeps its entry. */
  entryTtlMs: 5 * 60_000,
};

export function isSearchKey(key, tags) {
  return key.includes(`$${SEARCH_PAGE_PATH}`) || (tags ?? []).includes(SEARCH_TAG);
}

/** About the bytes an entry holds in memory (its HTML, RSC payload or JSON), for the byte bound. */
export function entryBytes(value) {
  if (!value || typeof value !== 'object') return 1;
  const size = (part) => (typeof part === 'string' ? part.length : Buffer.isBuffer(part) ? part.byteLength : 0);
  let bytes = size(value.html) + size(value.rscData) + size(value.data?.body) + size(value.body);
  if (value.segmentData instanceof Map) for (const part of value.segmentData.values()) bytes += size(part);
  return Math.max(1, bytes);
}

export class SearchEntries {
  /**
   * @param {{ limits?: typeof SEARCH_LIMITS, onEvict?: (key: string) => void, clock?: { now: () => number } }} [options]
   *   onEvict: called for an entry pushed out by the bounds (the Redis store deletes its copy).
   *   clock: what the TTLs are measured with (tests pass their own; lru-cache's `perf` option).
   */
  constructor({ limits = SEARCH_LIMITS, onEvict, clock } = {}) {
    this.limits = limits;
    const time = clock ? { perf: clock, ttlResolution: 0 } : {};
    this.asks = new LRUCache({ max: limits.countedKeys, ttl: limits.askWindowMs, ...time });
    this.stored = new LRUCache({
      ...time,
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (held) => held.bytes,
      ttl: limits.entryTtlMs,
      dispose: (_held, key, reason) => {
        if (reason === 'evict') onEvict?.(key);
      },
    });
  }

  /** Counts one ask for `key` (a lookup of the cache); the window runs from its first ask. */
  noteAsk(key) {
    const count = (this.asks.get(key) ?? 0) + 1;
    this.asks.set(key, count, { noUpdateTTL: count > 1 });
    return count;
  }

  isPopular(key) {
    return (this.asks.get(key) ?? 0) >= this.limits.asksBeforeStored;
  }

  /** Remembers a stored entry; `entry` is kept in memory only when given (no Redis). */
  keep(key, value, entry) {
    this.stored.set(key, { bytes: entryBytes(value), entry });
  }

  get(key) {
    return this.stored.get(key)?.entry ?? null;
  }

  has(key) {
    return this.stored.has(key);
  }

  delete(key) {
    this.stored.delete(key);
  }

  get size() {
    return this.stored.size;
  }

  get countedKeys() {
    return this.asks.size;
  }
}
