// GET /api/bundles — bundles, filtered by category, subcategory, tag, price and search, in a chosen order
import { getListing } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { catalogQuerySchema } from '@/lib/contract/catalog';
import { handler, json, parseQuery } from '@/lib/http/handler';
import { toBundleResponse } from '@/lib/http/responses/catalog';

export const GET = handler(async (request) => {
  const query = parseQuery(request, catalogQuerySchema);
  const [page, tiers] = await Promise.all([getListing({ ...query, kind: 'bundle' }), getLicenceTiers()]);
  const now = new Date();
  return json(
    page.items.map((item) => toBundleResponse(item, tiers, now)),
    {
      cache: 'public',
      headers: { 'X-Total-Count': String(page.total) },
    },
  );
});
