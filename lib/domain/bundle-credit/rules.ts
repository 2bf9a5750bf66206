// The bundle credit rule (Decision 094), pure and in whole cents: a bundle
// costs its price less what the buyer already paid for the items of it they
// own, never less than the owner's floor, a percentage of that price.

export const DEFAULT_BUNDLE_FLOOR_PERCENT = 20;

/** What one paid line brought in: its price after the sale, less a membership's share and its share of a voucher or discount code. */
export type PaidLine = { priceCents: number; memberDiscountCents: number; discountCents: number };

export const paidOnLine = (line: PaidLine) => Math.max(0, line.priceCents - line.memberDiscountCents - line.discountCents);

/** The lowest price a bundle priced `priceCents` sells at with credit, rounded to the cent. */
export const floorCents = (priceCents: number, floorPercent: number) => Math.round((priceCents * floorPercent) / 100);

/**
 * The bundle's price at one tier (after a sale on it) with `creditCents` taken
 * off, and the credit actually used: the floor can leave part of it unused.
 */
export function creditedPrice(priceCents: number, creditCents: number, floorPercent: number): { priceCents: number; bundleCreditCents: number } {
  const floor = Math.min(priceCents, floorCents(priceCents, floorPercent));
  const charged = Math.max(priceCents - Math.max(0, creditCents), floor);
  return { priceCents: charged, bundleCreditCents: priceCents - charged };
}
