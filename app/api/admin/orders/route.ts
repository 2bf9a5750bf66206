// GET /api/admin/orders?status=&customer_email=&start_date=&end_date=&search=&limit=&offset= — one page of orders with products and email log (total in X-Total-Count)
import { adminOrdersQuerySchema } from '@/lib/contract/admin-requests';
import { adminOrdersResponse } from '@/lib/contract/orders';
import { listAdminOrders } from '@/lib/domain/orders';
import { nextDay, zonedDayStart } from '@/lib/format';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseQuery } from '@/lib/http/handler';
import { toAdminOrderResponse } from '@/lib/http/responses/orders';

export const GET = adminHandler('orders', async (request) => {
  const query = parseQuery(request, adminOrdersQuerySchema);
  const page = await listAdminOrders({
    status: query.status,
    customerEmail: query.customer_email,
    search: query.search,
    // Days are the shop's (Sydney) days, as order dates are shown; the end date is inclusive.
    startDate: query.start_date ? zonedDayStart(query.start_date) : undefined,
    endDate: query.end_date ? zonedDayStart(nextDay(query.end_date)) : undefined,
    limit: query.limit,
    offset: query.offset,
  });
  return jsonOf(adminOrdersResponse, { orders: page.orders.map(toAdminOrderResponse) }, { headers: { 'X-Total-Count': String(page.total) } });
});
