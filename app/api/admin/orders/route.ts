// GET /api/admin/orders?status=&customer_email=&start_date=&end_date=&search=&limit=&offset= — one page of orders with products and email log (total in X-Total-Count)
import { adminOrdersQuerySchema } from '@/lib/contract/admin-requests';
import { adminOrdersResponse } from '@/lib/contract/orders';
import { listAdminOrders } from '@/lib/domain/orders';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseQuery } from '@/lib/http/handler';
import { toOrderFilter } from '@/lib/http/list-filters';
import { toAdminOrderResponse } from '@/lib/http/responses/orders';

export const GET = adminHandler('orders', async (request) => {
  const page = await listAdminOrders(toOrderFilter(parseQuery(request, adminOrdersQuerySchema)));
  return jsonOf(adminOrdersResponse, { orders: page.orders.map(toAdminOrderResponse) }, { headers: { 'X-Total-Count': String(page.total) } });
});
