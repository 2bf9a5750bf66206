// The tag on every cached catalogue read and so on every catalogue page. Its own
// module so the standalone worker can name it without importing Next's cache.
export const CATALOG_TAG = 'catalog';

/** One product's or bundle's own tag: its page and reviews, expired when a review of it is written or moderated. */
export const productTag = (id: string) => `product:${id}`;
