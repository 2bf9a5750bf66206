// The bundle credit a signed-in customer sees before checkout (Decision 094):
// per bundle and tier, the price checkout will charge them, by the same rule.
// Only ever for the session's own account; checkout works it out again.
import 'server-only';
import { findLicensedProducts, licenceOptions, listTiers } from '@/lib/domain/licences';
import { db } from '@/lib/infra/db';
import { findBundleCredits } from './credits';
import { getBundleFloorPercent } from './floor';
import { creditedPrice } from './rules';

type TierQuote = { licence: string; priceCents: number; creditCents: number };
export type BundleQuote = { id: string; owned: number; total: number; tiers: TierQuote[] };

/** The bundles among `ids` (others are left out), each tier it sells priced for `userId`; the first tier is its default. */
export async function quoteBundleCredits(userId: string, ids: string[], now: Date = new Date()): Promise<BundleQuote[]> {
  const bundles = (await findLicensedProducts(ids)).filter((p) => p.isBundle);
  if (bundles.length === 0) return [];
  const [tiers, credits, floorPercent] = await Promise.all([
    listTiers(),
    findBundleCredits(
      db(),
      userId,
      bundles.map((b) => b.id),
    ),
    getBundleFloorPercent(),
  ]);
  return bundles.map((bundle) => {
    const credit = credits.get(bundle.id) ?? { owned: 0, total: 0, creditCents: 0 };
    const quotes = licenceOptions(bundle, tiers, now).map((option) => {
      const { priceCents, bundleCreditCents } = creditedPrice(option.effectiveCents, credit.creditCents, floorPercent);
      return { licence: option.key, priceCents, creditCents: bundleCreditCents };
    });
    return { id: bundle.id, owned: credit.owned, total: credit.total, tiers: quotes };
  });
}
