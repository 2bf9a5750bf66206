import { Stars } from '@/components/ui/stars';
import { ReviewItem } from '@/components/reviews/review-item';
import type { ReviewSummary } from '@/lib/cache/catalog';
import { toPublicReviewResponse } from '@/lib/http/responses/reviews';
import { AllReviews } from './all-reviews';
import { ReviewComposer } from './review-composer';

/**
 * Reviews on the cached product page: average, count, count per star and the
 * newest few, rendered on the server so crawlers read them. "See all" and
 * "Write a review" are small client islands (Decision 086).
 */
export function ReviewsSection({ productId, summary, shopName }: { productId: string; summary: ReviewSummary; shopName: string }) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 scroll-mt-20 border-t border-gray-200 pt-8">
      <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
        Reviews
      </h2>
      {summary.average === null ? (
        <p className="mt-2 text-gray-700">No reviews yet. Reviews come from customers who bought this item.</p>
      ) : (
        <div className="mt-4 grid gap-8 md:grid-cols-[16rem_1fr]">
          <div data-testid="rating-summary">
            <p className="text-4xl font-extrabold">{summary.average.toFixed(1)}</p>
            <Stars rating={summary.average} className="h-6 w-6" />
            <p className="mt-1 text-sm text-gray-700">
              {summary.count} review{summary.count === 1 ? '' : 's'}
            </p>
            <ul className="mt-4 flex flex-col gap-1 text-sm" aria-label="Reviews per star rating">
              {[5, 4, 3, 2, 1].map((star) => {
                const n = summary.distribution[star - 1];
                return (
                  <li key={star} className="flex items-center gap-2">
                    <span className="w-12 shrink-0">{star} star</span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
                      <span className="block h-full bg-warning-700" style={{ width: `${(n / summary.count) * 100}%` }} />
                    </span>
                    <span className="w-8 shrink-0 text-right">{n}</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <AllReviews productId={productId} count={summary.count} shopName={shopName}>
            <ul>
              {summary.newest.map((review) => (
                <ReviewItem key={review.id} review={toPublicReviewResponse(review)} shopName={shopName} />
              ))}
            </ul>
          </AllReviews>
        </div>
      )}
      <ReviewComposer productId={productId} />
    </section>
  );
}
