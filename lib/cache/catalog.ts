import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';
import * as catalog from '@/lib/domain/catalog';
import { clearSearchTotals, getSearchTotal, setSearchTotal } from './search-totals';

// Cached catalogue reads for pages. Every admin write calls revalidateCatalog(),
// so the storefront shows a change on the next request; the time limit only
// bounds how late a scheduled sale start or end can appear (checkout always
// re-prices from the database).
export const CATALOG_TAG = 'catalog';
export const CATALOG_REVALIDATE_SECONDS = 60;

const options = { tags: [CATALOG_TAG], revalidate: CATALOG_REVALIDATE_SECONDS };

export const getCategories = unstable_cache(catalog.listCategories, ['categories'], options);
export const getBanner = unstable_cache(catalog.getBannerMessage, ['banner'], options);
export const getNewestProducts = unstable_cache(catalog.listNewestProducts, ['newest-products'], options);
export const getItem = unstable_cache(catalog.getCatalogItem, ['catalog-item'], options);
export const getItems = unstable_cache(catalog.getCatalogItems, ['catalog-items'], options);

/**
 * Listings without a free-text search are few (one per category and page), so
 * they are cached; searches read their page from the indexed query every time,
 * so that random search strings cannot fill the cache, and only their match
 * count comes from a small bounded memory (see search-totals.ts).
 */
const cachedListing = unstable_cache(catalog.listCatalog, ['catalog-listing'], options);
export async function getListing(filter: catalog.CatalogFilter): Promise<catalog.CatalogPage> {
  if (!filter.search) return cachedListing(filter);
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
