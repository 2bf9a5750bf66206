// PUT /api/account/wishlist/{productId} — customer: save a product or bundle (saving twice changes nothing)
// DELETE /api/account/wishlist/{productId} — customer: remove it from the wishlist
import { productIdParams } from '@/lib/contract/common';
import { wishlistWriteResponse } from '@/lib/contract/wishlist';
import { removeFromWishlist, saveToWishlist } from '@/lib/domain/wishlist';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseParams } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';

export const PUT = handler<{ productId: string }>(async (request, { params }) => {
  assertSameOrigin(request);
  const { productId } = await parseParams(params, productIdParams);
  const user = await requireSessionUser(request);
  await saveToWishlist(user.id, productId);
  return jsonOf(wishlistWriteResponse, { success: true, saved: true });
});

export const DELETE = handler<{ productId: string }>(async (request, { params }) => {
  assertSameOrigin(request);
  const { productId } = await parseParams(params, productIdParams);
  const user = await requireSessionUser(request);
  await removeFromWishlist(user.id, productId);
  return jsonOf(wishlistWriteResponse, { success: true, saved: false });
});
