// Next's cache in Redis, shared by every instance of one deployment (issue #16,
// Decisions 055). Used by page-cache-handler.mjs when REDIS_URL is set, and by
// the standalone worker to expire tags after it changes the catalogue.
//
// Layout (all keys under one prefix, so one Redis can serve several shops):
//   <prefix>e:<namespace>:<cache key>  one v8-serialized entry { lastModified, tags, value }
//   <prefix>t:<tag>                    when the tag expired (ms since the epoch)
// Entries are namespaced by deployment (or build), so a new deployment never
// serves an old one's pages; tag expiries are not, because the worker does not
// know the build and an expiry that reaches another build only costs a miss.
//
// Bounded: every key carries a TTL, and the Redis the shop ships with runs
// with maxmemory + allkeys-lru (scripts/lib/redis-server.ts, compose.yaml).
// Redis down or slow: every read is a miss, every write is skipped, one log
// line says so (and one when it is back); a request never fails on the cache.
//
// Plain JavaScript for the same reason as page-cache-handler.mjs, and the
// `redis` and Node modules are imported when first used: Next also bundles the
// handler into the Edge middleware, which never stores anything.

/** An entry not asked for in a day leaves Redis even if maxmemory is never reached. */
export const ENTRY_TTL_SECONDS = 24 * 60 * 60;
// Loopback or one network hop: a reply slower than this is treated as a miss
// rather than holding the page up.
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1_000;
const FIRST_CONNECT_WAIT_MS = 5_000;

let modules;
const load = () => (modules ??= Promise.all([import('redis'), import('node:v8')]).then(([redis, v8]) => ({ redis, v8 })));

export class RedisCacheStore {
  /**
   * @param {{ url: string, namespace?: string, prefix?: string, log?: (message: string) => void }} options
   */
  constructor({ url, namespace = 'shared', prefix = 'shop:', log = (m) => console.warn(m) }) {
    this.url = url;
    this.namespace = namespace;
    this.prefix = prefix;
    this.log = log;
    this.down = false;
    this.everReady = false;
    this.client = null;
  }

  /** The connected client, or null while Redis cannot be reached (the caller treats that as a miss). */
  async ready() {
    if (!this.client) {
      const { redis } = await load();
      this.client = redis.createClient({
        url: this.url,
        // Commands fail at once while disconnected instead of queueing behind a dead socket.
        disableOfflineQueue: true,
        socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
        commandOptions: { timeout: COMMAND_TIMEOUT_MS, typeMapping: { [redis.RESP_TYPES.BLOB_STRING]: Buffer } },
      });
      this.client.on('error', (error) => this.failed(error));
      this.client.on('ready', () => {
        this.everReady = true;
        if (this.down) this.log(`[cache] Redis at ${this.where()} is back: the shared cache is in use again`);
        this.down = false;
      });
      // Not awaited: a request never waits for a connection; it misses until the client is ready.
      this.client.connect().catch((error) => this.failed(error));
    }
    return this.client.isReady ? this.client : null;
  }

  failed(error) {
    if (this.down) return;
    this.down = true;
    this.log(`[cache] Redis at ${this.where()} is unavailable (${error?.message ?? error}): pages are rendered without the shared cache until it is back`);
  }

  where() {
    try {
      return new URL(this.url).host;
    } catch {
      return 'REDIS_URL';
    }
  }

  entryKey(key) {
    return `${this.prefix}e:${this.namespace}:${key}`;
  }

  tagKey(tag) {
    return `${this.prefix}t:${tag}`;
  }

  /** The entry under `key`, or null when there is none, a tag in `extraTags` or its own expired after it was stored, or Redis fails. */
  async get(key, extraTags = []) {
    try {
      const client = await this.ready();
      if (!client) return null;
      const bytes = await client.get(this.entryKey(key));
      if (!bytes) return null;
      const { v8 } = await load();
      const entry = v8.deserialize(bytes);
      const tags = [...new Set([...entry.tags, ...extraTags])];
      if (tags.length > 0) {
        const expiries = await client.mGet(tags.map((tag) => this.tagKey(tag)));
        const now = Date.now();
        const expired = expiries.some((at) => {
          const time = at === null ? NaN : Number(at.toString());
          return time <= now && time > entry.lastModified;
        });
        if (expired) return null;
      }
      return entry;
    } catch (error) {
      this.failed(error);
      return null;
    }
  }

  /** Stores `{ lastModified, tags, value }` for `ttlSeconds`; a failure only means the next reader renders again. */
  async set(key, entry, ttlSeconds = ENTRY_TTL_SECONDS) {
    try {
      const client = await this.ready();
      if (!client) return;
      const { v8 } = await load();
      await client.set(this.entryKey(key), v8.serialize(entry), { EX: ttlSeconds });
    } catch (error) {
      this.failed(error);
    }
  }

  async delete(key) {
    try {
      const client = await this.ready();
      if (client) await client.del(this.entryKey(key));
    } catch (error) {
      this.failed(error);
    }
  }

  /**
   * Every entry carrying one of `tags` and stored before `at` is stale from `at` on, on every instance.
   * Kept as long as an entry can live, so no entry outlives the record that expires it.
   * Returns false when Redis could not be told (the caller's own process still knows).
   */
  async expireTags(tags, at = Date.now()) {
    try {
      // Unlike a read, an expiry is worth waiting for: lost, it leaves other instances serving the
      // old page. A process's first connection (loading the client, a busy machine) gets longer
      // than a reconnection, so an admin write does not wait long on a Redis that is really down.
      if (!(await this.connected(this.everReady ? CONNECT_TIMEOUT_MS : FIRST_CONNECT_WAIT_MS))) {
        this.failed(new Error('not connected'));
        return false;
      }
      const client = await this.ready();
      const ttl = ENTRY_TTL_SECONDS + Math.max(0, Math.ceil((at - Date.now()) / 1000));
      const multi = client.multi();
      for (const tag of tags) multi.set(this.tagKey(tag), String(at), { EX: ttl });
      await multi.exec();
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  /** Waits up to `ms` for the connection (a new client, or one reconnecting). */
  async connected(ms = CONNECT_TIMEOUT_MS) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await this.ready()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  async close() {
    const client = this.client;
    this.client = null;
    if (client) await client.destroy();
  }
}
