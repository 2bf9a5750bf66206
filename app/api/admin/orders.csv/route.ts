// GET /api/admin/orders.csv?status=&customer_email=&start_date=&end_date=&search= — every order line under the Orders tab's filter as CSV, streamed
import { ordersCsvQuerySchema } from '@/lib/contract/exports';
import { ordersCsv } from '@/lib/domain/exports';
import { adminHandler } from '@/lib/http/admin';
import { csvResponse, datedCsvName } from '@/lib/http/csv';
import { parseQuery } from '@/lib/http/handler';
import { toOrderFilter } from '@/lib/http/list-filters';

export const GET = adminHandler('orders', async (request) => {
  return csvResponse(datedCsvName('orders'), await ordersCsv(toOrderFilter(parseQuery(request, ordersCsvQuerySchema))));
});
