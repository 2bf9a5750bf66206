// Reviews only buyers can write (Decision 086): one per customer and item,
// from a paid (or member $0) order line; shown while the owner has not hidden
// it and that line is not refunded, decided at read time. Text is stored as
// written and always rendered as text, never as HTML.
import 'server-only';
import { ratingsFor } from './reads';

export { reviewEligibility, type Eligibility } from './eligibility';
export { listShownReviews, ratingsFor, reviewerName, reviewStats, type PublicReview, type ReviewStats } from './reads';
export { ALREADY_REVIEWED, createReview, deleteReview, getOwnReview, NOT_A_BUYER, updateReview, type OwnReview, type ReviewInput } from './writes';
export { listAdminReviews, moderateReview, REVIEW_STATUSES, type AdminReview, type Moderation, type ReviewStatusFilter } from './moderation';
export {
  DEFAULT_REVIEW_REQUESTS,
  getReviewRequestSettings,
  MAX_REQUEST_DELAY_DAYS,
  REVIEW_REQUEST_JOB,
  saveReviewRequestSettings,
  scheduleReviewRequest,
  type ReviewRequestSettings,
} from './requests';
export { PAID_STATUSES } from './visibility';
export { syncOrderRatings, syncRatings } from './ratings';

/** Sets each item's `rating` from its shown reviews (null without any). */
export async function withRatings<T extends { id: string; rating: { average: number; count: number } | null }>(items: T[]): Promise<T[]> {
  const ratings = await ratingsFor(items.map((item) => item.id));
  return items.map((item) => ({ ...item, rating: ratings.get(item.id) ?? null }));
}
