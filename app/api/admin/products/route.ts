// GET /api/admin/products?search=&category=&kind=&on_sale=&limit=&offset= — one page of products and bundles with stored sale fields and file keys (total in X-Total-Count)
import { adminProductsQuerySchema } from '@/lib/contract/admin-requests';
import { listAdminCatalog } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { json, parseQuery } from '@/lib/http/handler';
import { toProductSelection } from '@/lib/http/list-filters';
import { toAdminProductResponse } from '@/lib/http/responses/catalog';

export const GET = adminHandler('catalogue', async (request) => {
  const page = await listAdminCatalog(toProductSelection(parseQuery(request, adminProductsQuerySchema)));
  return json(page.items.map(toAdminProductResponse), { headers: { 'X-Total-Count': String(page.total) } });
});
