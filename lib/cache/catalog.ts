import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';
import * as catalog from '@/lib/domain/catalog';
import { API_LIST_LIMIT, PRODUCTS_PAGE_SIZE } from '@/lib/shop';
import { clearSearchTotals, getSearchTotal, setSearchTotal } from './search-totals';
import { CATALOG_TAG } from './catalog-tag';
import { SEARCH_TAG } from './search-entries.mjs';
import { cachedWhen } from './stored-when';

// Cached catalogue reads for pages. Every admin write calls revalidateCatalog(),
// so the storefront shows a change on the next request; the time limit only
// bounds how late a scheduled sale start or end can appear (checkout always
// re-prices from the database).
export { CATALOG_TAG };
export const CATALOG_REVALIDATE_SECONDS = 60;

const options = { tags: [CATALOG_TAG], revalidate: CATALOG_REVALIDATE_SECONDS };

export const getCategories = unstable_cache(catalog.listCategories, ['categories'], options);
export const getBanner = unstable_cache(catalog.getBannerMessage, ['banner'], options);
export const getNewestProducts = unstable_cache(catalog.listNewestProducts, ['newest-products'], options);
// Only products that exist are stored: a made-up id is read from the database each time (SECURITY.md: nothing a stranger chooses is cached).
export const getItem = cachedWhen(catalog.getCatalogItem, (item) => item !== null, ['catalog-item'], options);
export const getItems = unstable_cache(catalog.getCatalogItems, ['catalog-items'], options);
export const getTags = unstable_cache(catalog.listTags, ['tags'], options);
// Per product, and only when there is something to offer: a made-up id finds nothing and stores nothing (Decision 089).
export const getRecommendedIds = cachedWhen(catalog.listRecommendedIds, (ids) => ids.length > 0, ['recommended-ids'], options);

/**
 * Listings without a free-text search are few (one per category, sort, tag and
 * page), so they are cached, but only in the pages the shop itself asks for
 * (its page size, or the API's default limit, at a multiple of it), without a
 * price filter, and only when the page has items: any other limit/offset, a
 * price range, an unknown category or tag and a page past the end are read
 * from the database each time, so values a stranger makes up never add a
 * cache entry (Decisions 038, 088).
 */
const cachedListing = cachedWhen(catalog.listCatalog, (page) => page.items.length > 0, ['catalog-listing'], options);
const CANONICAL_LIMITS = new Set([PRODUCTS_PAGE_SIZE, API_LIST_LIMIT]);

function isCanonical({ limit, offset = 0, minPriceCents, maxPriceCents }: catalog.CatalogFilter): boolean {
  if (minPriceCents !== undefined || maxPriceCents !== undefined) return false;
  return limit !== undefined && CANONICAL_LIMITS.has(limit) && offset % limit === 0;
}

/**
 * A search's page, read fresh; its match count comes from a small bounded
 * memory when the term was counted in the last minute (see search-totals.ts).
 */
async function readSearch(filter: catalog.SearchFilter): Promise<catalog.CatalogPage> {
  // The counts do not depend on the order or the page.
  const { kind = 'all', category, subcategory, tag, minPriceCents, maxPriceCents, search } = filter;
  const key = JSON.stringify([kind, category, subcategory, tag, minPriceCents, maxPriceCents, search]);
  const known = getSearchTotal(key);
  const { items, total, counts } = await catalog.searchCatalog(filter, known);
  if (known === undefined) setSearchTotal(key, counts);
  return { items, total };
}

/**
 * Search results go through the data cache under SEARCH_TAG, where the cache
 * handler stores them only once the same search has been asked for twice, a
 * bounded number of them, for minutes (lib/cache/search-entries.mjs, Decisions
 * 069): a popular term costs one query a minute, a term never seen before
 * costs its query as it always did. The catalogue tag refreshes them on every
 * admin write.
 */
const cachedSearch = unstable_cache(readSearch, ['catalog-search'], { tags: [CATALOG_TAG, SEARCH_TAG], revalidate: CATALOG_REVALIDATE_SECONDS });

/** Matching is case-insensitive (ILIKE, lower-cased tags and words), so one spelling stands for all. */
export function normalizeSearch(search: string): string {
  return search.trim().toLowerCase();
}

export async function getListing(filter: catalog.CatalogFilter): Promise<catalog.CatalogPage> {
  if (!filter.search?.trim()) {
    const { kind, category, subcategory, tag, sort, minPriceCents, maxPriceCents, limit, offset } = filter;
    // The default order has one key whether or not it was named.
    const browse = { kind, category, subcategory, tag, sort: sort === 'newest' ? undefined : sort, minPriceCents, maxPriceCents, limit, offset };
    return isCanonical(browse) ? cachedListing(browse) : catalog.listCatalog(browse);
  }
  // Only the fields that choose the results, in one order, so equal searches share one key.
  const { kind = 'all', category, subcategory, tag, sort, minPriceCents, maxPriceCents, limit, offset } = filter;
  return cachedSearch({ kind, category, subcategory, tag, sort, minPriceCents, maxPriceCents, limit, offset, search: normalizeSearch(filter.search) });
}

export function revalidateCatalog(): void {
  revalidateTag(CATALOG_TAG, { expire: 0 });
  clearSearchTotals();
}
