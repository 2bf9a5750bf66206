// Business constants of docs/product.md §9. Browser-safe. The shop's name and the rest of
// its identity are settings (lib/domain/shop-identity, Decision 093).
export const CURRENCY = 'aud';
export const NEW_PRODUCTS_COUNT = 6;
export const CARD_TAG_LIMIT = 2;

// Membership plans (docs/product.md §9): Monthly $35, Yearly $299 (saving $121 on 12 months).
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

/** Images a product or bundle shows: its main image and mockups (Decision 086). */
export const MAX_GALLERY_IMAGES = 12;
/** Alt text of one gallery image. */
export const MAX_IMAGE_ALT_LENGTH = 200;

// Reviews (Decision 086): limits the form, the contract and the domain share.
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REASON_MAX = 200;
/** Reviews the product page renders on the server (crawlers see them); "See all" loads the rest. */
export const REVIEWS_ON_PAGE = 5;
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/** The words next to every consent box (registration, guest checkout, free downloads), stored with each consent given through one. */
export const CONSENT_WORDS = 'Email me new designs and offers';
/** The longest Insights range one request may ask for: three years, leap day included. */
export const INSIGHTS_MAX_DAYS = 1_096;
/** Products one customer can save (a bound on what one account stores and the heart's request returns). */
export const MAX_WISHLIST_ITEMS = 200;
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
