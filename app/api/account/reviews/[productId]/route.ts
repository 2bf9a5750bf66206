// GET /api/account/reviews/{productId} — whether the session user may review the item, and their review of it
import { productIdParams } from '@/lib/contract/common';
import { ownReviewResponse } from '@/lib/contract/reviews';
import { getOwnReview } from '@/lib/domain/reviews';
import { handler, jsonOf, parseParams } from '@/lib/http/handler';
import { toOwnReviewResponse } from '@/lib/http/responses/reviews';
import { requireSessionUser } from '@/lib/http/session';

export const GET = handler<{ productId: string }>(async (request, { params }) => {
  const { productId } = await parseParams(params, productIdParams);
  const user = await requireSessionUser(request);
  return jsonOf(ownReviewResponse, toOwnReviewResponse(await getOwnReview(user.id, productId)));
});
