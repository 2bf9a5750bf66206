// GET /api/account/wishlist — the session user's saved products, newest first
import { getLicenceTiers } from '@/lib/cache/licences';
import { wishlistResponse } from '@/lib/contract/wishlist';
import { listWishlist } from '@/lib/domain/wishlist';
import { handler, jsonOf } from '@/lib/http/handler';
import { toProductResponse } from '@/lib/http/responses/catalog';
import { requireSessionUser } from '@/lib/http/session';

export const GET = handler(async (request) => {
  const user = await requireSessionUser(request);
  const [{ productIds, items }, tiers] = await Promise.all([listWishlist(user.id), getLicenceTiers()]);
  const now = new Date();
  return jsonOf(wishlistResponse, { product_ids: productIds, items: items.map((item) => toProductResponse(item, tiers, now)) });
});
