'use client';

import { useState } from 'react';
import type { AdminReviewResponse } from '@/lib/contract/reviews';
import { Pager } from '../pager';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/form-controls';
import { adminPaths } from '../use-admin-data';
import { useAdminList, useDebounced } from '../use-admin-list';
import { ReviewRow } from './review-row';
import { ReviewSettings } from './review-settings';

const PAGE_SIZE = 25;
const FILTERS = [
  { value: 'all', label: 'All reviews' },
  { value: 'shown', label: 'Shown' },
  { value: 'hidden', label: 'Hidden by you' },
  { value: 'refunded', label: 'Hidden by a refund' },
] as const;

/** Reviews, newest first: filter by status, search by product or email; hide, unhide and reply (Decision 086). */
export function ReviewsTab() {
  const [status, setStatus] = useState<(typeof FILTERS)[number]['value']>('all');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const query = useDebounced(search.trim());
  const { data, mutate } = useAdminList<AdminReviewResponse>(adminPaths.reviews, { status, search: query, limit: PAGE_SIZE, offset }, 'Failed to load reviews');
  const reviews = data?.rows;

  return (
    <div className="flex flex-col gap-6">
      <ReviewSettings />
      <Card as="section" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="mb-3 text-lg font-bold">
          Reviews
        </h2>
        <div className="mb-3 flex flex-wrap gap-3">
          <label className="sr-only" htmlFor="review-status">
            Show
          </label>
          <Select
            id="review-status"
            className="max-w-48"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setOffset(0);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
          <label htmlFor="review-search" className="sr-only">
            Search reviews
          </label>
          <Input
            id="review-search"
            type="search"
            placeholder="Search by product or email..."
            className="max-w-xs"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
          />
        </div>
        {reviews === undefined ? (
          <p role="status">Loading...</p>
        ) : reviews.length === 0 ? (
          <p className="text-gray-700">{query || status !== 'all' ? 'No reviews found' : 'No reviews yet.'}</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {reviews.map((review) => (
              <ReviewRow key={review.id} review={review} onChanged={async () => void (await mutate())} />
            ))}
          </ul>
        )}
        <Pager label="Reviews" offset={offset} pageSize={PAGE_SIZE} shown={reviews?.length ?? 0} total={data?.total ?? 0} onOffset={setOffset} />
      </Card>
    </div>
  );
}
