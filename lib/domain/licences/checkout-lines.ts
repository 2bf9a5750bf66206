// Which tier each checkout line buys, and what it is worth, from the database
// at one moment (Decision 081). A line without a licence key buys the item's
// default tier, so a client that never mentions licences pays what it always
// did. An upgrade line names a licence the buyer holds and a higher tier.
import 'server-only';
import { invalid } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';
import { isOffered, licenceOptions, priceTier, type LicensableItem } from './prices';
import { getLicence } from './records';
import { getMemberTierKey, listTiers, type LicenceTier } from './tiers';

export type LicenceLineRequest = { productId: string; licence?: string | null; upgradeLicenceId?: string | null };

export type LicensedProduct = LicensableItem & { id: string; title: string };

/** A line's licence, priced: what the tier costs now, what was paid for the licence so far, the membership's allowance. */
export type PricedLicence = {
  tierId: string;
  key: string;
  name: string;
  termsVersion: number;
  upgradeOfId: string | null;
  effectiveCents: number;
  paidCents: number;
  /** What the membership's included tier is worth on this item; null for a buyer who is not a member. */
  memberAllowanceCents: number | null;
};

type Context = { userId: string | null; member: boolean; now: Date };

/** Every line's licence; a 400 naming the product for an unknown, retired or switched-off tier or a refused upgrade. */
export async function priceLicenceLines(products: LicensedProduct[], requests: LicenceLineRequest[], context: Context): Promise<PricedLicence[]> {
  const tiers = await listTiers();
  const memberKey = context.member ? await getMemberTierKey() : null;
  const included = memberKey ? tiers.find((t) => t.key === memberKey) : undefined;
  return Promise.all(
    products.map(async (product, index) => {
      const request = requests[index];
      // A membership whose included tier no longer exists covers every tier, as memberships did before licences.
      const allowance = !context.member ? null : included ? priceTier(product, included, context.now).effectiveCents : Number.MAX_SAFE_INTEGER;
      if (request.upgradeLicenceId) return priceUpgrade(product, request, tiers, context, allowance);
      const options = licenceOptions(product, tiers, context.now);
      const chosen = request.licence ? options.find((o) => o.key === request.licence) : options[0];
      if (!chosen) {
        throw invalid(request.licence ? `The ${request.licence} licence is not sold for "${product.title}"` : `"${product.title}" is not for sale`, {
          product_ids: [product.id],
        });
      }
      const tier = tiers.find((t) => t.id === chosen.tierId)!;
      return line(tier, chosen.effectiveCents, { upgradeOfId: null, paidCents: 0, allowance });
    }),
  );
}

function line(tier: LicenceTier, effectiveCents: number, rest: { upgradeOfId: string | null; paidCents: number; allowance: number | null }): PricedLicence {
  return {
    tierId: tier.id,
    key: tier.key,
    name: tier.name,
    termsVersion: tier.termsVersion,
    upgradeOfId: rest.upgradeOfId,
    effectiveCents,
    paidCents: rest.paidCents,
    memberAllowanceCents: rest.allowance,
  };
}

async function priceUpgrade(product: LicensedProduct, request: LicenceLineRequest, tiers: LicenceTier[], context: Context, allowance: number | null) {
  const refuse = (why: string) => invalid(`Cannot upgrade the licence of "${product.title}": ${why}`, { product_ids: [product.id] });
  const licence = await getLicence(request.upgradeLicenceId!);
  // Someone else's licence and no licence at all get the same answer: ids are not confirmed to strangers here.
  if (!licence || !context.userId || licence.orderUserId !== context.userId || licence.productId !== product.id) throw refuse('you do not hold that licence');
  if (licence.status === 'revoked') throw refuse('that licence has been revoked');
  if (!request.licence) throw refuse('choose the tier to upgrade to');
  const target = tiers.find((t) => t.key === request.licence);
  if (!target || !isOffered(product, target)) throw refuse(`the ${request.licence} licence is not sold for it`);
  const current = tiers.find((t) => t.id === licence.tierId);
  if (current && target.position <= current.position) throw refuse(`it is already ${current.name}, and an upgrade must be to a higher tier`);
  return line(target, priceTier(product, target, context.now).effectiveCents, { upgradeOfId: licence.id, paidCents: licence.paidCents, allowance });
}

/** The rows checkout prices from, with each item's own tier prices. */
export async function findLicensedProducts(ids: string[]) {
  return db().product.findMany({
    where: { id: { in: ids }, deletedAt: null },
    include: { licencePrices: { select: { tierId: true, priceCents: true, offered: true } } },
  });
}
