// GET /api/recommendations — what to offer beside a cart or an order: bought together, then alike (Decision 089)
import { getItem, getRecommendedIds } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { MAX_RECOMMENDATIONS, recommendationsQuerySchema } from '@/lib/contract/catalog';
import { mergeRecommendations } from '@/lib/domain/catalog';
import { handler, json, parseQuery } from '@/lib/http/handler';
import { toProductResponse } from '@/lib/http/responses/catalog';

// Each product's list and each item are cached reads of their own (a made-up id stores
// nothing); the merged answer is not, since strangers choose the combination.
export const GET = handler(async (request) => {
  const { product_ids: ids } = parseQuery(request, recommendationsQuerySchema);
  const [lists, tiers] = await Promise.all([Promise.all(ids.map((id) => getRecommendedIds(id))), getLicenceTiers()]);
  const picked = mergeRecommendations(lists, ids, MAX_RECOMMENDATIONS);
  const items = (await Promise.all(picked.map((id) => getItem(id, 'all')))).filter((item) => item !== null);
  const now = new Date();
  return json(
    items.map((item) => toProductResponse(item, tiers, now)),
    { cache: 'public' },
  );
});
