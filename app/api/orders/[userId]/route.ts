// GET /api/orders/{userId} — the session user's own paid orders with their files (another id → 404)
import { userIdParamsSchema } from '@/lib/contract/accounts';
import { listCustomerOrders } from '@/lib/domain/orders';
import { customerOrdersResponse } from '@/lib/contract/orders';
import { handler, jsonOf, parseParams } from '@/lib/http/handler';
import { toCustomerOrderResponse } from '@/lib/http/responses/orders';
import { requireSelf } from '@/lib/http/session';

export const GET = handler<{ userId: string }>(async (request, { params }) => {
  const { userId } = await parseParams(params, userIdParamsSchema);
  const user = await requireSelf(request, userId);
  const orders = await listCustomerOrders(user.id);
  return jsonOf(customerOrdersResponse, { orders: orders.map(toCustomerOrderResponse) });
});
