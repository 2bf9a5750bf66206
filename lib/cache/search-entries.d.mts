// Types for search-entries.mjs, which stays JavaScript because the cache handler loads it at run time.
export const SEARCH_TAG: string;
export const SEARCH_PAGE_PATH: string;

export type SearchLimits = {
  asksBeforeStored: number;
  askWindowMs: number;
  countedKeys: number;
  maxEntries: number;
  maxBytes: number;
  entryTtlMs: number;
};
export const SEARCH_LIMITS: SearchLimits;

export function isSearchKey(key: string, tags?: string[]): boolean;
export function entryBytes(value: unknown): number;

export class SearchEntries {
  constructor(options?: { limits?: SearchLimits; onEvict?: (key: string) => void; clock?: { now: () => number } });
  readonly limits: SearchLimits;
  noteAsk(key: string): number;
  isPopular(key: string): boolean;
  keep(key: string, value: unknown, entry?: unknown): void;
  get(key: string): { lastModified: number; tags: string[]; value: Record<string, unknown> } | null;
  has(key: string): boolean;
  delete(key: string): void;
  readonly size: number;
  readonly countedKeys: number;
}
