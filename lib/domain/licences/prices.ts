// What each licence tier of an item costs at one moment: pure, whole cents
// (Decision 081). A tier's price is the item's own price for it, else the
// tier's rule (the item's price × a multiple, rounded half up to the cent); a
// sale lowers every tier in the proportion the item's sale lowers its price.
import { isSaleActive, type PriceFields } from '@/lib/domain/pricing';

/** A tier as pricing sees it; `position` orders tiers, lowest first. */
export type TierRule = { id: string; key: string; name: string; summary: string; position: number; priceBasisPoints: number; retired: boolean };

/** One item's setting for one tier: a price of its own (null: the rule), or switched off. */
export type TierOverride = { tierId: string; priceCents: number | null; offered: boolean };

export type LicensableItem = PriceFields & { licencePrices: TierOverride[] };

export type LicenceOption = {
  tierId: string;
  key: string;
  name: string;
  summary: string;
  position: number;
  /** The tier's regular price for this item. */
  priceCents: number;
  /** Its price in the sale running now; null when none runs. */
  salePriceCents: number | null;
  /** What a buyer pays now: the sale price inside a sale, else the price. */
  effectiveCents: number;
};

export const BASIS_POINTS = 10_000;

/** a × b / c rounded half up, exact for the sizes money takes here (products stay far below 2^53). */
const mulDivRound = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

/** A tier's rule applied to the item's price: 1,999 × 2.5 = 4,997.5 → 4,998 cents. */
export const rulePriceCents = (basePriceCents: number, priceBasisPoints: number) => mulDivRound(basePriceCents, priceBasisPoints, BASIS_POINTS);

/** A tier's sale price: its price in the proportion of the item's sale price to the item's price. */
export function proportionalSaleCents(tierPriceCents: number, item: Pick<PriceFields, 'priceCents' | 'salePriceCents'>): number {
  if (item.salePriceCents === null || item.priceCents <= 0) return tierPriceCents;
  return mulDivRound(tierPriceCents, item.salePriceCents, item.priceCents);
}

/** The tier's regular price for the item, whether or not the item offers it. */
export function tierPriceCents(item: LicensableItem, tier: TierRule): number {
  const own = item.licencePrices.find((p) => p.tierId === tier.id)?.priceCents;
  return own ?? rulePriceCents(item.priceCents, tier.priceBasisPoints);
}

/** One tier for the item at `now`, offered or not (a member's included tier is priced even where it is not sold). */
export function priceTier(item: LicensableItem, tier: TierRule, now: Date = new Date()): LicenceOption {
  const priceCents = tierPriceCents(item, tier);
  const salePriceCents = isSaleActive(item, now) ? proportionalSaleCents(priceCents, item) : null;
  return {
    tierId: tier.id,
    key: tier.key,
    name: tier.name,
    summary: tier.summary,
    position: tier.position,
    priceCents,
    salePriceCents,
    effectiveCents: salePriceCents ?? priceCents,
  };
}

/** Whether the item sells this tier: not retired, and not switched off for the item. */
export const isOffered = (item: LicensableItem, tier: TierRule) => !tier.retired && item.licencePrices.find((p) => p.tierId === tier.id)?.offered !== false;

/** The tiers the item sells, in tier order: the first is its default tier. */
export function licenceOptions(item: LicensableItem, tiers: TierRule[], now: Date = new Date()): LicenceOption[] {
  return [...tiers]
    .sort((a, b) => a.position - b.position)
    .filter((tier) => isOffered(item, tier))
    .map((tier) => priceTier(item, tier, now));
}

/** The lowest price a shopper can pay now ("From … AUD"), and whether the tiers differ in price. */
export function lowestOption(options: LicenceOption[]): { fromCents: number; varies: boolean } | null {
  if (options.length === 0) return null;
  const prices = options.map((o) => o.effectiveCents);
  const fromCents = Math.min(...prices);
  return { fromCents, varies: prices.some((p) => p !== fromCents) };
}

/**
 * What a line costs before order-level discounts, and the part a membership
 * covers. A new licence costs the tier's price; an upgrade its price minus
 * what was paid for the licence (never below 0). A member's included tier is
 * an allowance: a line costs the member only what it exceeds the allowance,
 * and an upgrade what it exceeds both the allowance and what was paid.
 */
export function chargeLine(input: { effectiveCents: number; paidCents?: number; memberAllowanceCents?: number | null }): {
  priceCents: number;
  memberDiscountCents: number;
} {
  const paid = input.paidCents ?? 0;
  const priceCents = Math.max(0, input.effectiveCents - paid);
  if (input.memberAllowanceCents === null || input.memberAllowanceCents === undefined) return { priceCents, memberDiscountCents: 0 };
  const memberPays = Math.max(0, input.effectiveCents - Math.max(paid, input.memberAllowanceCents));
  return { priceCents, memberDiscountCents: priceCents - memberPays };
}
