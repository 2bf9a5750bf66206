// GET /api/admin/orders?status=&customer_email=&start_date=&end_date= — orders with products and email log
import { ordersQuerySchema } from '@/lib/contract/admin';
import { adminOrdersResponse } from '@/lib/contract/orders';
import { listAdminOrders } from '@/lib/domain/orders';
import { nextDay, zonedDayStart } from '@/lib/format';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseQuery } from '@/lib/http/handler';
import { toAdminOrderResponse } from '@/lib/http/responses/orders';

export const GET = adminHandler(async (request) => {
  const query = parseQuery(request, ordersQuerySchema);
  const orders = await listAdminOrders({
    status: query.status,
    customerEmail: query.customer_email,
    // Days are the shop's (Sydney) days, as order dates are shown; the end date is inclusive.
    startDate: query.start_date ? zonedDayStart(query.start_date) : undefined,
    endDate: query.end_date ? zonedDayStart(nextDay(query.end_date)) : undefined,
  });
  return jsonOf(adminOrdersResponse, { orders: orders.map(toAdminOrderResponse) });
});
