import 'server-only';
import type { SearchCounts } from '@/lib/domain/catalog';

/**
 * Match counts (per rank) of recent searches, per server instance: counting every match
 * (tens of milliseconds at 100,000 products for a common word) costs far more
 * than reading one page of results, and a count a minute old is as good as the
 * cached listings. Bounded, so random search strings cannot grow it.
 */
const MAX_ENTRIES = 1_000;
const TTL_MS = 60_000;

const totals = new Map<string, { counts: SearchCounts; expiresAt: number }>();

export function getSearchTotal(key: string): SearchCounts | undefined {
  const entry = totals.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now()) {
    totals.delete(key);
    return undefined;
  }
  return entry.counts;
}

export function setSearchTotal(key: string, counts: SearchCounts): void {
  totals.delete(key);
  // A Map iterates in insertion order: the first key is the oldest.
  if (totals.size >= MAX_ENTRIES) totals.delete(totals.keys().next().value as string);
  totals.set(key, { counts, expiresAt: Date.now() + TTL_MS });
}

export function clearSearchTotals(): void {
  totals.clear();
}
