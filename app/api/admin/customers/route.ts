// GET /api/admin/customers?q=&member=&consent=&bought_from=&bought_to=&limit=&offset= — one page of customers, newest first (total in X-Total-Count)
import { adminCustomersQuerySchema, adminCustomersResponse } from '@/lib/contract/customers';
import { listCustomers } from '@/lib/domain/customers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseQuery } from '@/lib/http/handler';
import { toCustomerFilter } from '@/lib/http/list-filters';
import { toAdminCustomerResponse } from '@/lib/http/responses/customers';

export const GET = adminHandler('customers', async (request) => {
  const page = await listCustomers(toCustomerFilter(parseQuery(request, adminCustomersQuerySchema)));
  return jsonOf(adminCustomersResponse, { customers: page.customers.map(toAdminCustomerResponse) }, { headers: { 'X-Total-Count': String(page.total) } });
});
