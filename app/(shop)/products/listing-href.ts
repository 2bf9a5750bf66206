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
