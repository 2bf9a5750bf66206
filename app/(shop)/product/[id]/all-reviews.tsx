'use client';

import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { api } from '@/components/data/api';
import { SelectField } from '@/components/ui/form-controls';
import { TextButton } from '@/components/ui/text-button';
import { ReviewItem } from '@/components/reviews/review-item';
import type { PublicReviewResponse, ReviewListResponse } from '@/lib/contract/reviews';
import { REVIEWS_ON_PAGE, type ReviewSort } from '@/lib/shop';

const PAGE = 10;
const SORTS: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
];

/** The server-rendered newest reviews until "See all", then every review, sorted and paged from the API. */
export function AllReviews({ productId, count, shopName, children }: { productId: string; count: number; shopName: string; children: ReactNode }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [reviews, setReviews] = useState<PublicReviewResponse[] | null>(null);
  const [total, setTotal] = useState(count);
  const [busy, setBusy] = useState(false);

  async function load(nextSort: ReviewSort, offset: number) {
    setBusy(true);
    const query = new URLSearchParams({ sort: nextSort, limit: String(PAGE), offset: String(offset) });
    const result = await api.get<ReviewListResponse>(`/api/products/${encodeURIComponent(productId)}/reviews?${query}`);
    setBusy(false);
    if (!result.ok) return void toast.error(result.error.detail ?? 'Failed to load reviews');
    setSort(nextSort);
    setTotal(result.body.count);
    setReviews((shown) => (offset === 0 || !shown ? result.body.reviews : [...shown, ...result.body.reviews]));
  }

  if (!reviews) {
    return (
      <div>
        {children}
        {count > REVIEWS_ON_PAGE && (
          <TextButton className="link mt-4" disabled={busy} onClick={() => void load('newest', 0)}>
            See all {count} reviews
          </TextButton>
        )}
      </div>
    );
  }
  return (
    <div>
      <div className="max-w-xs">
        <SelectField id={`reviews-sort-${productId}`} label="Sort by" value={sort} disabled={busy} onChange={(e) => void load(e.target.value as ReviewSort, 0)}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </div>
      <ul className="mt-2" aria-busy={busy}>
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} shopName={shopName} />
        ))}
      </ul>
      {reviews.length < total && (
        <TextButton className="link mt-4" disabled={busy} onClick={() => void load(sort, reviews.length)}>
          {busy ? 'Loading...' : 'Load more reviews'}
        </TextButton>
      )}
    </div>
  );
}
