import { z } from 'zod';
import { REVIEW_BODY_MAX, REVIEW_REASON_MAX, REVIEW_REPLY_MAX, REVIEW_SORTS, REVIEW_TITLE_MAX } from '@/lib/shop';
import { isoDateTime, pathId, successResponse } from './common';

// Reviews (Decision 086): a buyer's stars, title and text, the public list and
// its summary, the customer's own review, and the owner's moderation.

export const reviewParams = z.object({
  id: pathId,
  reviewId: pathId,
});

/** POST /api/products/{id}/reviews, PUT …/{reviewId}. */
export const reviewInputSchema = z.object({
  rating: z.coerce.number().int('Choose from 1 to 5 stars').min(1, 'Choose from 1 to 5 stars').max(5, 'Choose from 1 to 5 stars'),
  title: z.string().trim().min(1, 'A title is required').max(REVIEW_TITLE_MAX, `At most ${REVIEW_TITLE_MAX} characters`),
  body: z.string().trim().max(REVIEW_BODY_MAX, `At most ${REVIEW_BODY_MAX} characters`).default(''),
});
export type ReviewInputBody = z.input<typeof reviewInputSchema>;

/** GET /api/products/{id}/reviews. */
export const reviewListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  sort: z.enum(REVIEW_SORTS).default('newest'),
});

export const publicReview = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  /** First name and last initial. */
  author: z.string(),
  /** "member": the reviewer got the item with a membership ($0 checkout). */
  verified: z.enum(['purchase', 'member']),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  reply: z.object({ body: z.string(), created_at: isoDateTime }).nullable(),
});
export type PublicReviewResponse = z.infer<typeof publicReview>;

/** Count of shown reviews per star, "1" to "5". */
export const starCounts = z.object({ '1': z.number().int(), '2': z.number().int(), '3': z.number().int(), '4': z.number().int(), '5': z.number().int() });

export const reviewListResponse = z.object({
  reviews: z.array(publicReview),
  average: z.number().nullable(),
  count: z.number().int().min(0),
  distribution: starCounts,
});
export type ReviewListResponse = z.infer<typeof reviewListResponse>;

/** POST answers 201 with the new review's id. */
export const reviewWriteResponse = successResponse.extend({ id: z.string() });

/** GET /api/account/reviews/{productId}: whether the signed-in customer may review the item, and their review. */
export const ownReviewResponse = z.object({
  can_review: z.boolean(),
  verified: z.enum(['purchase', 'member']).nullable(),
  review: z
    .object({
      id: z.string(),
      rating: z.number().int(),
      title: z.string(),
      body: z.string(),
      hidden: z.boolean(),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    })
    .nullable(),
});
export type OwnReviewResponse = z.infer<typeof ownReviewResponse>;

/** GET /api/admin/reviews. */
export const adminReviewQuery = z.object({
  status: z.enum(['all', 'shown', 'hidden', 'refunded']).default('all'),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const adminReview = z.object({
  id: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  verified: z.enum(['purchase', 'member']),
  status: z.enum(['shown', 'hidden', 'refunded']),
  hidden_reason: z.string().nullable(),
  reply: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AdminReviewResponse = z.infer<typeof adminReview>;

/** PUT /api/admin/reviews/{id}: hide (with a reason) or show again, and set or clear the reply. */
export const moderationSchema = z
  .object({
    hidden: z.boolean().optional(),
    reason: z.string().trim().max(REVIEW_REASON_MAX).optional(),
    reply: z.string().trim().max(REVIEW_REPLY_MAX).nullable().optional(),
  })
  .refine((v) => v.hidden !== undefined || v.reply !== undefined, { message: 'Nothing to change: send hidden or reply' });

/** GET and PUT /api/admin/settings/reviews: the review request email. */
export const reviewSettingsSchema = z.object({
  request_enabled: z.boolean(),
  request_delay_days: z.coerce.number().int().min(1).max(90),
});
export type ReviewSettingsResponse = z.infer<typeof reviewSettingsSchema>;
