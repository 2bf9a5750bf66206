'use client';

import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { TextButton } from '@/components/ui/text-button';
import type { ReviewListResponse } from '@/lib/contract/reviews';
import { REVIEWS_ON_PAGE } from '@/lib/shop';
import { fetchReviews } from './reviews-api';

// Fetched on "See all": the sorted, paged list is code most visitors never run (Decision 078).
const ReviewList = dynamic(() => import('./review-list').then((m) => m.ReviewList), { ssr: false });

/** The server-rendered newest reviews until "See all", then every review, sorted and paged from the API. */
export function AllReviews({ productId, count, shopName, children }: { productId: string; count: number; shopName: string; children: ReactNode }) {
  const [first, setFirst] = useState<ReviewListResponse | null>(null);
  const [busy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    const result = await fetchReviews(productId, 'newest', 0);
    setBusy(false);
    if (!result.ok) return void toast.error(result.error.detail ?? 'Failed to load reviews');
    setFirst(result.body);
  }

  if (first) return <ReviewList productId={productId} shopName={shopName} first={first} />;
  return (
    <div>
      {children}
      {count > REVIEWS_ON_PAGE && (
        <TextButton className="link mt-4" disabled={busy} onClick={() => void open()}>
          See all {count} reviews
        </TextButton>
      )}
    </div>
  );
}
