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
// Next also bundles this file into the Edge middleware, which never stores
// anything but fails to load if the file imports Node modules at the top:
// they are imported when first used instead.
import { LRUCache } from 'lru-cache';

let modules;
const node = () =>
  (modules ??= Promise.all([import('node:crypto'), import('node:fs/promises'), import('node:path'), import('node:v8')]).then(
    ([crypto, fs, path, v8]) => ({ crypto, fs, path, v8 }),
  ));

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

function isExpired(tags, lastModified) {
  const now = Date.now();
  return tags.some((tag) => {
    const at = expiredTags.get(tag);
    return at !== undefined && at <= now && at > lastModified;
  });
}

export default class PageCacheHandler {
  constructor(options) {
    this.serverDistDir = options.serverDistDir;
  }

  async paths(key) {
    const { crypto, path } = await node();
    const dir = path.join(this.serverDistDir, 'shop-cache');
    return { dir, file: path.join(dir, crypto.createHash('sha256').update(key).digest('hex')) };
  }

  async get(key, ctx) {
    const entry = memory.get(key) ?? (await this.read(key));
    if (!entry) return null;
    const tags = [...entry.tags, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
    if (isExpired(tags, entry.lastModified)) return null;
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
    const { crypto, fs, v8 } = await node();
    const { dir, file: target } = await this.paths(key);
    // A 404 page is cheap to render again and its address is whatever a stranger
    // typed: never stored, and it removes what was stored under its key (a page
    // whose product is gone must not be served stale from an older render).
    if (data === null || (RESPONSE_KINDS.has(data.kind) && data.status === 404)) {
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

  async revalidateTag(tags, durations) {
    const at = Date.now() + (durations?.expire ?? 0) * 1000;
    for (const tag of [tags].flat()) expiredTags.set(tag, at);
  }

  resetRequestCache() {}
}
