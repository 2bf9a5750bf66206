// Builds /products URLs; kept apart from the zod parser so the browser bundle stays small.
import type { ListingSort } from '@/lib/shop';

export type ListingParams = {
  category?: string;
  subcategory?: string;
  search?: string;
  /** Absent: newest first, or best match for a search. */
  sort?: ListingSort;
  tag?: string;
  /** Inclusive bounds on what a shopper pays, in cents; the URL speaks dollars. */
  minPriceCents?: number;
  maxPriceCents?: number;
  page: number;
};

/** Whole dollars as they are, cents with two digits: 5, 4.50. */
export function priceParam(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export function listingHref(params: Partial<ListingParams>): string {
  const query = new URLSearchParams();
  if (params.category) query.set('category', params.category);
  if (params.category && params.subcategory) query.set('subcategory', params.subcategory);
  if (params.search) query.set('search', params.search);
  if (params.tag) query.set('tag', params.tag);
  if (params.sort) query.set('sort', params.sort);
  if (params.minPriceCents !== undefined) query.set('min_price', priceParam(params.minPriceCents));
  if (params.maxPriceCents !== undefined) query.set('max_price', priceParam(params.maxPriceCents));
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const qs = query.toString();
  return qs ? `/products?${qs}` : '/products';
}
