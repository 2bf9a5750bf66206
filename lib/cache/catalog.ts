import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';
import * as catalog from '@/lib/domain/catalog';
import { listShownReviews, reviewStats, type PublicReview, type ReviewStats } from '@/lib/domain/reviews';
import { API_LIST_LIMIT, PRODUCTS_PAGE_SIZE, REVIEWS_ON_PAGE } from '@/lib/shop';
import { clearSearchTotals, getSearchTotal, setSearchTotal } from './search-totals';
import { CATALOG_TAG, productTag, SHOP_IDENTITY_TAG } from './catalog-tag';
import { SEARCH_TAG } from './search-entries.mjs';
import { sharedRuns } from './shared-runs';
import { cachedWhen } from './stored-when';

// Cached catalogue reads for pages. Every admin write calls revalidateCatalog(),
// so the storefront shows a change on the next request; the time limit only
// bounds how late a scheduled sale start or end can appear (checkout always
// re-prices from the database).
export { CATALOG_TAG, productTag };
export const CATALOG_REVALIDATE_SECONDS = 60;

const options = { tags: [CATALOG_TAG], revalidate: CATALOG_REVALIDATE_SECONDS };

export const getCategories = unstable_cache(catalog.listCategories, ['categories'], options);
// The default banner names the shop's social handle, so Settings → Shop refreshes it too.
export const getBanner = unstable_cache(catalog.getBannerMessage, ['banner'], { ...options, tags: [CATALOG_TAG, SHOP_IDENTITY_TAG] });
export const getNewestProducts = unstable_cache(catalog.listNewestProducts, ['newest-products'], options);
/**
 * One product or bundle, tagged with the catalogue and its own tag, so a review
 * written for it refreshes its page without expiring every other page.
 * Only products that exist are stored: a made-up id is read from the database
 * each time (docs/security.md A12: nothing a stranger chooses is cached).
 */
export function getItem(id: string, kind: catalog.CatalogFilter['kind'] = 'all'): Promise<catalog.CatalogItem | null> {
  const tagged = { tags: [CATALOG_TAG, productTag(id)], revalidate: CATALOG_REVALIDATE_SECONDS };
  return cachedWhen(catalog.getCatalogItem, (item) => item !== null, ['catalog-item'], tagged)(id, kind);
}

export type ReviewSummary = ReviewStats & { newest: PublicReview[] };

async function readReviewSummary(productId: string): Promise<ReviewSummary> {
  const [stats, newest] = await Promise.all([reviewStats(productId), listShownReviews(productId, { sort: 'newest', limit: REVIEWS_ON_PAGE, offset: 0 })]);
  return { ...stats, newest };
}

/**
 * The product page's reviews: average, count, count per star and the newest
 * few, cached under the product's tag. Only asked for an item getItem found,
 * so only real products get an entry. A refund that hides a review shows
 * within CATALOG_REVALIDATE_SECONDS (visibility is decided when read).
 */
export function getReviewSummary(productId: string): Promise<ReviewSummary> {
  const tagged = { tags: [CATALOG_TAG, productTag(productId)], revalidate: CATALOG_REVALIDATE_SECONDS };
  return unstable_cache(readReviewSummary, ['review-summary'], tagged)(productId);
}
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
const cachedSearch = unstable_cache(sharedRuns(readSearch), ['catalog-search'], { tags: [CATALOG_TAG, SEARCH_TAG], revalidate: CATALOG_REVALIDATE_SECONDS });

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

/** A review of this item was written, changed, deleted or moderated: its page and reviews refresh, nothing else. */
export function revalidateProduct(id: string): void {
  revalidateTag(productTag(id), { expire: 0 });
}

export function revalidateCatalog(): void {
  revalidateTag(CATALOG_TAG, { expire: 0 });
  clearSearchTotals();
}
