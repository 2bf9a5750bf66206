// GET /api/admin/products.csv?search=&category=&kind=&on_sale= — every product and bundle under the All Products filter as CSV (the import's layout), streamed
import { productsCsvQuerySchema } from '@/lib/contract/exports';
import { productsCsv } from '@/lib/domain/exports';
import { adminHandler } from '@/lib/http/admin';
import { csvResponse, datedCsvName } from '@/lib/http/csv';
import { parseQuery } from '@/lib/http/handler';
import { toProductSelection } from '@/lib/http/list-filters';

export const GET = adminHandler('catalogue', async (request) => {
  return csvResponse(datedCsvName('products'), await productsCsv(toProductSelection(parseQuery(request, productsCsvQuerySchema))));
});
