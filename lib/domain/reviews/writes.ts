// A customer's own review: written once per item by a buyer, edited or
// deleted by its author only. Another customer's review id is "not found".
import 'server-only';
import { AppError, notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';
import { reviewEligibility } from './eligibility';
import { syncRatings } from './ratings';

export type ReviewInput = { rating: number; title: string; body: string };

export const NOT_A_BUYER = 'Only customers who bought this item can review it. Reviews open once your order is paid, and close if it is refunded.';
export const ALREADY_REVIEWED = 'You have already reviewed this item. Edit your review instead.';

export type OwnReview = { id: string; rating: number; title: string; body: string; hidden: boolean; createdAt: string; updatedAt: string };

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

async function requireItem(productId: string): Promise<void> {
  const item = await db().product.findFirst({ where: { id: productId, deletedAt: null }, select: { id: true } });
  if (!item) throw notFound('Product not found');
}

const clean = (input: ReviewInput) => ({ rating: input.rating, title: input.title.trim(), body: input.body.trim() });

export async function createReview(userId: string, productId: string, input: ReviewInput): Promise<{ id: string }> {
  await requireItem(productId);
  const eligibility = await reviewEligibility(userId, productId);
  if (!eligibility.eligible) throw new AppError('forbidden', NOT_A_BUYER);
  try {
    return await db().$transaction(async (tx) => {
      const review = await tx.review.create({ data: { userId, productId, ...clean(input), viaMembership: eligibility.viaMembership }, select: { id: true } });
      await syncRatings(tx, [productId]);
      return review;
    });
  } catch (error) {
    // One per customer and item, by the unique index: two posts at once make one review.
    if (isUniqueViolation(error)) throw new AppError('conflict', ALREADY_REVIEWED);
    throw error;
  }
}

export async function updateReview(userId: string, productId: string, reviewId: string, input: ReviewInput): Promise<void> {
  await db().$transaction(async (tx) => {
    const updated = await tx.review.updateMany({ where: { id: reviewId, userId, productId }, data: clean(input) });
    if (updated.count !== 1) throw notFound('Review not found');
    await syncRatings(tx, [productId]);
  });
}

export async function deleteReview(userId: string, productId: string, reviewId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const deleted = await tx.review.deleteMany({ where: { id: reviewId, userId, productId } });
    if (deleted.count !== 1) throw notFound('Review not found');
    await syncRatings(tx, [productId]);
  });
}

/** For the product page's "Write a review" island: whether this customer may review, and their review if any. */
export async function getOwnReview(userId: string, productId: string): Promise<{ canReview: boolean; viaMembership: boolean; review: OwnReview | null }> {
  const [eligibility, row] = await Promise.all([
    reviewEligibility(userId, productId),
    db().review.findUnique({ where: { userId_productId: { userId, productId } } }),
  ]);
  const review = row
    ? {
        id: row.id,
        rating: row.rating,
        title: row.title,
        body: row.body,
        hidden: row.hiddenAt !== null || !eligibility.eligible,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }
    : null;
  return { canReview: eligibility.eligible, viaMembership: eligibility.eligible && eligibility.viaMembership, review };
}
