// GET /api/admin/customers.csv?q=&member=&consent=&bought_from=&bought_to= — every customer under the Customers tab's filter as CSV, streamed
import { customersCsvQuerySchema } from '@/lib/contract/exports';
import { customersCsv } from '@/lib/domain/exports';
import { adminHandler } from '@/lib/http/admin';
import { csvResponse, datedCsvName } from '@/lib/http/csv';
import { parseQuery } from '@/lib/http/handler';
import { toCustomerFilter } from '@/lib/http/list-filters';

export const GET = adminHandler('customers', async (request) => {
  return csvResponse(datedCsvName('customers'), customersCsv(toCustomerFilter(parseQuery(request, customersCsvQuerySchema))));
});
