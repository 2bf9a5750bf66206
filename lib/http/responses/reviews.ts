import 'server-only';
import type { AdminReviewResponse, OwnReviewResponse, PublicReviewResponse, ReviewListResponse } from '@/lib/contract/reviews';
import type { AdminReview, getOwnReview, PublicReview, ReviewStats } from '@/lib/domain/reviews';

// Review records to the API's shapes (snake_case).

export function toPublicReviewResponse(review: PublicReview): PublicReviewResponse {
  return {
    id: review.id,
    rating: review.rating,
    title: review.title,
    body: review.body,
    author: review.author,
    verified: review.verified,
    created_at: review.createdAt,
    updated_at: review.updatedAt,
    reply: review.reply ? { body: review.reply.body, created_at: review.reply.createdAt } : null,
  };
}

export function toReviewListResponse(stats: ReviewStats, reviews: PublicReview[]): ReviewListResponse {
  const [one, two, three, four, five] = stats.distribution;
  return {
    reviews: reviews.map(toPublicReviewResponse),
    average: stats.average,
    count: stats.count,
    distribution: { '1': one, '2': two, '3': three, '4': four, '5': five },
  };
}

export function toOwnReviewResponse(own: Awaited<ReturnType<typeof getOwnReview>>): OwnReviewResponse {
  return {
    can_review: own.canReview,
    verified: own.canReview ? (own.viaMembership ? 'member' : 'purchase') : null,
    review: own.review
      ? {
          id: own.review.id,
          rating: own.review.rating,
          title: own.review.title,
          body: own.review.body,
          hidden: own.review.hidden,
          created_at: own.review.createdAt,
          updated_at: own.review.updatedAt,
        }
      : null,
  };
}

export function toAdminReviewResponse(review: AdminReview): AdminReviewResponse {
  return {
    id: review.id,
    product_id: review.productId,
    product_title: review.productTitle,
    customer_name: review.customerName,
    customer_email: review.customerEmail,
    rating: review.rating,
    title: review.title,
    body: review.body,
    verified: review.viaMembership ? 'member' : 'purchase',
    status: review.status,
    hidden_reason: review.hiddenReason,
    reply: review.reply,
    created_at: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
  };
}
