// GET /api/admin/products — products and bundles with stored sale fields and file keys, for the dashboard
import { adminListQuerySchema } from '@/lib/contract/admin';
import { listAdminCatalog } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { json, parseQuery } from '@/lib/http/handler';
import { toAdminProductResponse } from '@/lib/http/responses/catalog';

export const GET = adminHandler(async (request) => {
  const query = parseQuery(request, adminListQuerySchema);
  const page = await listAdminCatalog(query);
  return json(page.items.map(toAdminProductResponse), { headers: { 'X-Total-Count': String(page.total) } });
});
