// GET /api/admin/orders?status=&customer_email=&start_date=&end_date= — orders with products and email log
import { ordersQuerySchema } from '@/lib/contract/admin';
import { listAdminOrders } from '@/lib/domain/orders/admin-orders';
import { adminHandler } from '@/lib/http/admin';
import { json, parseQuery } from '@/lib/http/handler';

const DAY_MS = 24 * 60 * 60 * 1000;

export const GET = adminHandler(async (request) => {
  const query = parseQuery(request, ordersQuerySchema);
  const orders = await listAdminOrders({
    status: query.status,
    customerEmail: query.customer_email,
    startDate: query.start_date ? new Date(`${query.start_date}T00:00:00Z`) : undefined,
    // The end date is inclusive: everything before the next day.
    endDate: query.end_date ? new Date(Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS) : undefined,
  });
  return json({ orders });
});
