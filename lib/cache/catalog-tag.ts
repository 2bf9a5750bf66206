// The tag on every cached catalogue read and so on every catalogue page. Its own
// module so the standalone worker can name it without importing Next's cache.
export const CATALOG_TAG = 'catalog';
