// PUT /api/products/{id}/reviews/{reviewId} — customer: edit their own review (another's is 404)
// DELETE /api/products/{id}/reviews/{reviewId} — customer: delete their own review (another's is 404)
import { reviewInputSchema, reviewParams, reviewWriteResponse } from '@/lib/contract/reviews';
import { successResponse } from '@/lib/contract/common';
import { revalidateProduct } from '@/lib/cache/catalog';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { deleteReview, updateReview } from '@/lib/domain/reviews';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseJson, parseParams } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';

type Params = { id: string; reviewId: string };

export const PUT = handler<Params>(async (request, { params }) => {
  assertSameOrigin(request);
  const { id, reviewId } = await parseParams(params, reviewParams);
  const user = await requireSessionUser(request);
  const input = await parseJson(request, reviewInputSchema);
  await enforceRateLimit(RATE_LIMITS.reviewWrite, user.id);
  await updateReview(user.id, id, reviewId, input);
  revalidateProduct(id);
  return jsonOf(reviewWriteResponse, { success: true, id: reviewId });
});

export const DELETE = handler<Params>(async (request, { params }) => {
  assertSameOrigin(request);
  const { id, reviewId } = await parseParams(params, reviewParams);
  const user = await requireSessionUser(request);
  await deleteReview(user.id, id, reviewId);
  revalidateProduct(id);
  return jsonOf(successResponse, { success: true });
});
