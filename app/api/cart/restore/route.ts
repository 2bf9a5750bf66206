// GET /api/cart/restore?token=… — the items of the abandoned cart a recovery email's signed link names (400 for a link this shop did not sign)
import { cartRestoreQuery, cartRestoreResponse } from '@/lib/contract/newsletters';
import { restoreCart } from '@/lib/domain/abandoned-checkouts';
import { invalid } from '@/lib/domain/errors';
import { handler, jsonOf, parseQuery } from '@/lib/http/handler';
import { toCartItem } from '@/lib/http/responses/newsletters';

export const GET = handler(async (request) => {
  const { token } = parseQuery(request, cartRestoreQuery);
  const lines = await restoreCart(token);
  if (!lines) throw invalid('This link is not valid any more: add the items to your cart again');
  return jsonOf(cartRestoreResponse, { items: lines.map(toCartItem) }, { cache: 'no-store' });
});
