// Business constants of SPEC §9 and the shop's identity. Browser-safe.
export const SHOP_NAME = 'Pixel Press Studio';
export const CURRENCY = 'aud';
export const NEW_PRODUCTS_COUNT = 6;
export const CARD_TAG_LIMIT = 2;

// Membership plans (SPEC §9): Monthly $35, Yearly $299 (saving $121 on 12 months).
// Here rather than in lib/domain because the membership page shows them in the browser.
export type PlanInterval = 'month' | 'year';

export const PLANS: Record<PlanInterval, { name: string; amountCents: number }> = {
  month: { name: 'Monthly', amountCents: 3500 },
  year: { name: 'Yearly', amountCents: 29900 },
};
/**
 * Cards per /products page (not in the spec; docs/decisions/005). 24 rather than 48:
 * a phone hydrates and lays out half the cards, and a search page renders in half the
 * time, for one more click past the first two dozen.
 */
export const PRODUCTS_PAGE_SIZE = 24;
/** Items /api/products and /api/bundles return when no `limit` is given. */
export const API_LIST_LIMIT = 100;
export const FOOTER_YEAR = 2025;
export const SHOP_TIME_ZONE = 'Australia/Sydney';

/** Where a refund's adjustment note is downloaded, under its order's invoice (Decision 071). */
export const adjustmentNotePath = (sessionId: string, refundId: string) =>
  `/api/orders/invoice/${encodeURIComponent(sessionId)}/adjustments/${encodeURIComponent(refundId)}`;

/** A licence's certificate PDF; a guest order's names its session id, which is what lets a guest in (Decision 082). */
export const certificatePath = (licenceId: string, guestSessionId?: string | null) =>
  `/api/licences/${encodeURIComponent(licenceId)}/certificate${guestSessionId ? `?session_id=${encodeURIComponent(guestSessionId)}` : ''}`;

/** The public verification page of a licence. */
export const verificationPath = (licenceId: string) => `/licence/${encodeURIComponent(licenceId)}`;

/** A licence tier's terms page, at one version when given. */
export const termsPath = (tierKey: string, version?: number) => `/licences/${encodeURIComponent(tierKey)}${version ? `?version=${version}` : ''}`;

/**
 * Listing orders (Decision 088): `newest` is the default; a search without one is
 * ordered by best match (title matches, then tags, then descriptions, each newest first).
 */
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  best_selling: 'Best selling',
  top_rated: 'Top rated',
};
/** The highest price a listing's price filter takes, in dollars. */
export const MAX_PRICE_FILTER_DOLLARS = 100_000;

/** The listing of one tag (Decision 088): tags on cards and product pages link here. */
export const tagListingPath = (tag: string) => `/products?tag=${encodeURIComponent(tag)}`;
