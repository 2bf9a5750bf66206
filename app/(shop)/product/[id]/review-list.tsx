'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { SelectField } from '@/components/ui/form-controls';
import { TextButton } from '@/components/ui/text-button';
import { ReviewItem } from '@/components/reviews/review-item';
import type { PublicReviewResponse, ReviewListResponse } from '@/lib/contract/reviews';
import type { ReviewSort } from '@/lib/shop';
import { fetchReviews } from './reviews-api';

const SORTS: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
];

/** Every review, sorted and paged from the API, from the first page "See all" fetched (all-reviews.tsx). */
export function ReviewList({ productId, shopName, first }: { productId: string; shopName: string; first: ReviewListResponse }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [reviews, setReviews] = useState<PublicReviewResponse[]>(first.reviews);
  const [total, setTotal] = useState(first.count);
  const [busy, setBusy] = useState(false);

  async function load(nextSort: ReviewSort, offset: number) {
    setBusy(true);
    const result = await fetchReviews(productId, nextSort, offset);
    setBusy(false);
    if (!result.ok) return void toast.error(result.error.detail ?? 'Failed to load reviews');
    setSort(nextSort);
    setTotal(result.body.count);
    setReviews((shown) => (offset === 0 ? result.body.reviews : [...shown, ...result.body.reviews]));
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
