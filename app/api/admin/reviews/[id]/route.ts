// PUT /api/admin/reviews/{id} — admin: hide (with a reason) or show a review again, and reply publicly
import { idParams } from '@/lib/contract/admin';
import { successResponse } from '@/lib/contract/common';
import { moderationSchema } from '@/lib/contract/reviews';
import { revalidateProduct } from '@/lib/cache/catalog';
import { moderateReview } from '@/lib/domain/reviews';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';

export const PUT = adminHandler<{ id: string }>('reviews', async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const change = await parseJson(request, moderationSchema);
  const { productId } = await moderateReview(admin.username, id, change);
  revalidateProduct(productId);
  return jsonOf(successResponse, { success: true });
});
