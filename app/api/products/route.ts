// GET /api/products — products (not bundles), filtered by category, subcategory, tag, price and search, in a chosen order
import { getListing } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { catalogQuerySchema } from '@/lib/contract/catalog';
import { handler, json, parseQuery } from '@/lib/http/handler';
import { toProductResponse } from '@/lib/http/responses/catalog';

export const GET = handler(async (request) => {
  const query = parseQuery(request, catalogQuerySchema);
  const [page, tiers] = await Promise.all([getListing({ ...query, kind: 'product' }), getLicenceTiers()]);
  const now = new Date();
  return json(
    page.items.map((item) => toProductResponse(item, tiers, now)),
    {
      cache: 'public',
      headers: { 'X-Total-Count': String(page.total) },
    },
  );
});
