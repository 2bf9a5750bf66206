// GET /api/products — products (not bundles), filtered by category, subcategory and search
import { getListing } from '@/lib/cache/catalog';
import { catalogQuerySchema } from '@/lib/contract/catalog';
import { handler, json, parseQuery } from '@/lib/http/handler';
import { toProductResponse } from '@/lib/http/responses/catalog';

export const GET = handler(async (request) => {
  const query = parseQuery(request, catalogQuerySchema);
  const page = await getListing({ ...query, kind: 'product' });
  const now = new Date();
  return json(
    page.items.map((item) => toProductResponse(item, now)),
    {
      cache: 'public',
      headers: { 'X-Total-Count': String(page.total) },
    },
  );
});
