import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';
import * as catalog from '@/lib/domain/catalog';
import { API_LIST_LIMIT, PRODUCTS_PAGE_SIZE } from '@/lib/shop';
import { clearSearchTotals, getSearchTotal, setSearchTotal } from './search-totals';
import { CATALOG_TAG } from './catalog-tag';
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

/**
 * Listings without a free-text search are few (one per category and page), so
 * they are cached, but only in the pages the shop itself asks for (its page
 * size, or the API's default limit, at a multiple of it) and only when the
 * page has items: any other limit/offset, an unknown category and a page past
 * the end are read from the database each time, so values a stranger makes up
 * never add a cache entry. Searches read their page from the indexed query
 * every time, and only their match count comes from a small bounded memory
 * (see search-totals.ts).
 */
const cachedListing = cachedWhen(catalog.listCatalog, (page) => page.items.length > 0, ['catalog-listing'], options);
const CANONICAL_LIMITS = new Set([PRODUCTS_PAGE_SIZE, API_LIST_LIMIT]);

function isCanonical({ limit, offset = 0 }: catalog.CatalogFilter): boolean {
  return limit !== undefined && CANONICAL_LIMITS.has(limit) && offset % limit === 0;
}

export async function getListing(filter: catalog.CatalogFilter): Promise<catalog.CatalogPage> {
  if (!filter.search) return isCanonical(filter) ? cachedListing(filter) : catalog.listCatalog(filter);
  const key = JSON.stringify([filter.kind ?? 'all', filter.category, filter.subcategory, filter.search.trim().toLowerCase()]);
  const known = getSearchTotal(key);
  const page = await catalog.searchCatalog({ ...filter, search: filter.search }, known);
  if (known === undefined) setSearchTotal(key, page.total);
  return page;
}

export function revalidateCatalog(): void {
  revalidateTag(CATALOG_TAG, { expire: 0 });
  clearSearchTotals();
}
