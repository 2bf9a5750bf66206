// GET /api/products/{id}/reviews — a product's or bundle's shown reviews, with the average, count and count per star
// POST /api/products/{id}/reviews — customer: review an item bought (a paid or member order line, not refunded)
import { idParamsSchema } from '@/lib/contract/catalog';
import { reviewInputSchema, reviewListQuery, reviewListResponse, reviewWriteResponse } from '@/lib/contract/reviews';
import { getItem, revalidateProduct } from '@/lib/cache/catalog';
import { notFound } from '@/lib/domain/errors';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { createReview, listShownReviews, reviewStats } from '@/lib/domain/reviews';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseJson, parseParams, parseQuery } from '@/lib/http/handler';
import { toReviewListResponse } from '@/lib/http/responses/reviews';
import { requireSessionUser } from '@/lib/http/session';

export const GET = handler<{ id: string }>(async (request, { params }) => {
  const { id } = await parseParams(params, idParamsSchema);
  const page = parseQuery(request, reviewListQuery);
  if (!(await getItem(id))) throw notFound('Product not found');
  const [stats, reviews] = await Promise.all([reviewStats(id), listShownReviews(id, page)]);
  return jsonOf(reviewListResponse, toReviewListResponse(stats, reviews), { cache: 'public', headers: { 'X-Total-Count': String(stats.count) } });
});

export const POST = handler<{ id: string }>(async (request, { params }) => {
  assertSameOrigin(request);
  const { id } = await parseParams(params, idParamsSchema);
  const user = await requireSessionUser(request);
  const input = await parseJson(request, reviewInputSchema);
  await enforceRateLimit(RATE_LIMITS.reviewWrite, user.id);
  const review = await createReview(user.id, id, input);
  revalidateProduct(id);
  return jsonOf(reviewWriteResponse, { success: true, id: review.id }, { status: 201 });
});
