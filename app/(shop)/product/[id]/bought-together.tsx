import { HideHeldItems } from '@/components/catalog/hide-held-items';
import { RecommendationList } from '@/components/catalog/recommendation-list';
import { getItem, getRecommendedIds } from '@/lib/cache/catalog';
import type { TierRule } from '@/lib/domain/licences';
import { toCardView } from '../../catalog-views';

/**
 * What buyers bought with the product, else alike (Decision 089). Its own Suspense boundary on the
 * page: the product itself never waits for these reads, so its HTML is complete without them.
 */
export async function BoughtTogether({ productId, tiers, now }: { productId: string; tiers: TierRule[]; now: Date }) {
  const recommended = (await Promise.all((await getRecommendedIds(productId)).map((id) => getItem(id, 'all'))))
    .filter((other) => other !== null)
    .map((other) => toCardView(other, now, tiers));
  return (
    <>
      <RecommendationList title="Frequently bought together" id="bought-together" items={recommended} />
      {recommended.length > 0 && <HideHeldItems listId="bought-together" />}
    </>
  );
}
