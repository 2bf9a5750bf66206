// Types for redis-cache-store.mjs, which stays JavaScript because Next loads it at run time.
import type { RedisClientType } from 'redis';

export const ENTRY_TTL_SECONDS: number;

export type CacheEntry = { lastModified: number; tags: string[]; value: Record<string, unknown> };

export class RedisCacheStore {
  constructor(options: { url: string; namespace?: string; prefix?: string; log?: (message: string) => void });
  ready(): Promise<RedisClientType | null>;
  entryKey(key: string): string;
  tagKey(tag: string): string;
  get(key: string, extraTags?: string[]): Promise<CacheEntry | null>;
  set(key: string, entry: CacheEntry, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  expireTags(tags: string[], at?: number): Promise<boolean>;
  connected(ms?: number): Promise<boolean>;
  close(): Promise<void>;
}
