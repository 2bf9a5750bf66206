// GET /api/admin/customers?q=&member=&bought_from=&bought_to=&limit=&offset= — one page of customers, newest first (total in X-Total-Count)
import { adminCustomersQuerySchema, adminCustomersResponse } from '@/lib/contract/customers';
import { listCustomers } from '@/lib/domain/customers';
import { nextDay, zonedDayStart } from '@/lib/format';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseQuery } from '@/lib/http/handler';
import { toAdminCustomerResponse } from '@/lib/http/responses/customers';

export const GET = adminHandler('customers', async (request) => {
  const query = parseQuery(request, adminCustomersQuerySchema);
  const page = await listCustomers({
    search: query.q,
    member: query.member,
    // Days are the shop's (Sydney) days, as the orders list counts them; the end day is inclusive.
    boughtFrom: query.bought_from ? zonedDayStart(query.bought_from) : undefined,
    boughtTo: query.bought_to ? zonedDayStart(nextDay(query.bought_to)) : undefined,
    limit: query.limit,
    offset: query.offset,
  });
  return jsonOf(adminCustomersResponse, { customers: page.customers.map(toAdminCustomerResponse) }, { headers: { 'X-Total-Count': String(page.total) } });
});
