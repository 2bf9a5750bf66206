// Types for page-cache-handler.mjs (Next's cacheHandler interface), for the tests that drive it.
type Context = { kind?: string; tags?: string[]; softTags?: string[] };

import type { SearchEntries } from './search-entries.mjs';

export function searchEntries(): SearchEntries | null;

export default class PageCacheHandler {
  constructor(options: { serverDistDir: string });
  get(key: string, ctx?: Context): Promise<{ lastModified: number; value: Record<string, unknown> } | null>;
  set(key: string, data: Record<string, unknown> | null, ctx?: { tags?: string[] }): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
