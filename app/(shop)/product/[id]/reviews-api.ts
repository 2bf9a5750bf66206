import { api } from '@/components/data/api';
import type { ReviewListResponse } from '@/lib/contract/reviews';
import type { ReviewSort } from '@/lib/shop';

/** Reviews a page at a time, as "See all" and the list's sort and "Load more" ask for them. */
export const REVIEW_PAGE = 10;

export function fetchReviews(productId: string, sort: ReviewSort, offset: number) {
  const query = new URLSearchParams({ sort, limit: String(REVIEW_PAGE), offset: String(offset) });
  return api.get<ReviewListResponse>(`/api/products/${encodeURIComponent(productId)}/reviews?${query}`);
}
