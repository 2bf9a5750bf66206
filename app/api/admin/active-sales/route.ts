// GET /api/admin/active-sales?limit=&offset= — one page of the items on sale now or scheduled, with their discount (total in X-Total-Count)
import { adminActiveSalesQuerySchema } from '@/lib/contract/admin-requests';
import { listActiveSales } from '@/lib/domain/sales';
import { adminHandler } from '@/lib/http/admin';
import { json, parseQuery } from '@/lib/http/handler';
import { toActiveSaleResponse } from '@/lib/http/responses/sales';

export const GET = adminHandler('catalogue', async (request) => {
  const query = parseQuery(request, adminActiveSalesQuerySchema);
  const page = await listActiveSales(query);
  return json(page.items.map(toActiveSaleResponse), { headers: { 'X-Total-Count': String(page.total) } });
});
