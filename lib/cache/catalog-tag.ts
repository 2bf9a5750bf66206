// The tag on every cached catalogue read and so on every catalogue page. Its own
// module so the standalone worker can name it without importing Next's cache.
export const CATALOG_TAG = 'catalog';

/** The tag of the shop's identity and pages (lib/cache/shop.ts), here so the catalogue's banner read can name it without a cycle. */
export const SHOP_IDENTITY_TAG = 'shop-identity';

/** One product's or bundle's own tag: its page and reviews, expired when a review of it is written or moderated. */
export const productTag = (id: string) => `product:${id}`;
