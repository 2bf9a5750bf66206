// Builds /products URLs; kept apart from the zod parser so the browser bundle stays small.
export type ListingParams = { category?: string; subcategory?: string; search?: string; page: number };

export function listingHref(params: Partial<ListingParams>): string {
  const query = new URLSearchParams();
  if (params.category) query.set('category', params.category);
  if (params.category && params.subcategory) query.set('subcategory', params.subcategory);
  if (params.search) query.set('search', params.search);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const qs = query.toString();
  return qs ? `/products?${qs}` : '/products';
}

/**
 * The canonical query of a browse listing (category, subcategory, page; never
 * a search), or '' for the default listing.
 */
export function canonicalListingQuery(query: URLSearchParams): string {
  const key = new URLSearchParams();
  const category = query.get('category')?.trim().slice(0, 100);
  const subcategory = query.get('subcategory')?.trim().slice(0, 100);
  const page = Number(query.get('page'));
  if (category) key.set('category', category);
  if (category && subcategory) key.set('subcategory', subcategory);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) key.set('page', String(page));
  return key.toString();
}

/**
 * The path segment naming a cached browse listing: its canonical query in
 * base64url, so the rewritten path needs no percent-encoding (Next answers
 * RSC requests for encoded rewritten paths with a redirect). Written by
 * middleware.ts, so it stays edge-safe: no zod, no Buffer.
 */
export function listingKey(query: URLSearchParams): string {
  const canonical = canonicalListingQuery(query);
  if (!canonical) return '';
  const binary = Array.from(new TextEncoder().encode(canonical), (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
