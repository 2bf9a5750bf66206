// GET /api/account/owned — ids of the products the session user already owns (paid orders, bundles expanded)
import { ownedProductIds } from '@/lib/domain/orders';
import { ownedProductsResponse } from '@/lib/contract/accounts';
import { handler, jsonOf } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';

export const GET = handler(async (request) => {
  const user = await requireSessionUser(request);
  return jsonOf(ownedProductsResponse, { product_ids: await ownedProductIds(user.id) });
});
