// Prices a cart from catalogue data at one moment: pure, whole cents.
import { creditedPrice } from '@/lib/domain/bundle-credit';
import { describeDiscount, discountOnCents, isEligibleLine, type DiscountRules } from '@/lib/domain/discounts';
import { effectivePriceCents, isSaleActive, type PriceFields } from '@/lib/domain/pricing';
import { chargeLine, licenceLineName, type PricedLicence } from '@/lib/domain/licences';
import { apportionCents } from '@/lib/domain/refunds';
import { describeVoucher, voucherDiscountCents, type VoucherRules } from '@/lib/domain/vouchers';

/**
 * An item with, once licences are chosen, the licence its line buys (Decision 081); without one,
 * its own price. Its category decides whether a category-scoped discount code covers it.
 */
export type PricedProduct = PriceFields & {
  id: string;
  title: string;
  isBundle: boolean;
  categoryId?: string | null;
  licence?: PricedLicence;
  /** A bundle, for a signed-in buyer: what they paid for the items of it they own, and the owner's floor (Decision 094). */
  bundleCredit?: { creditCents: number; floorPercent: number };
};

export type CartLine = {
  productId: string;
  title: string;
  isBundle: boolean;
  /** Before order-level discounts: the tier's price (less any bundle credit), or for an upgrade what it exceeds what was paid. */
  priceCents: number;
  /** A bundle's credit for items the buyer owns, already taken off priceCents. */
  bundleCreditCents: number;
  /** The part of priceCents a membership covers. */
  memberDiscountCents: number;
  licence: PricedLicence | null;
};

export type CartPricing = {
  lines: CartLine[];
  subtotalCents: number;
  discountCents: number;
  discountLabel: string | null;
  totalCents: number;
  /** Each line's share of a voucher's or discount code's discount, in line order (largest remainder, so they add up); absent without one. */
  lineDiscountCents?: number[];
  /** With a discount code: how many lines it covers (0: nothing in the cart it applies to). */
  codeLines?: number;
};

type PriceOptions = { now?: Date; voucher?: VoucherRules | null; discount?: DiscountRules | null; member?: boolean };

/** The tier's price after a sale, less a bundle's credit (never for an upgrade, which is priced on what the licence cost). */
function creditedCents(p: PricedProduct, effectiveCents: number) {
  const credit = p.isBundle && p.bundleCredit && !p.licence?.upgradeOfId ? p.bundleCredit : null;
  return credit ? creditedPrice(effectiveCents, credit.creditCents, credit.floorPercent) : { priceCents: effectiveCents, bundleCreditCents: 0 };
}

function priceLine(p: PricedProduct, now: Date, member: boolean): CartLine {
  const base = { productId: p.id, title: p.title, isBundle: p.isBundle, licence: p.licence ?? null };
  if (!p.licence) {
    const { priceCents, bundleCreditCents } = creditedCents(p, effectivePriceCents(p, now));
    return { ...base, priceCents, bundleCreditCents, memberDiscountCents: member ? priceCents : 0 };
  }
  const { paidCents, memberAllowanceCents } = p.licence;
  // The membership covers its allowance of what is left once the credit is taken.
  const { priceCents: effectiveCents, bundleCreditCents } = creditedCents(p, p.licence.effectiveCents);
  return { ...base, bundleCreditCents, ...chargeLine({ effectiveCents, paidCents, memberAllowanceCents: member ? memberAllowanceCents : null }) };
}

export function priceCart(products: PricedProduct[], options: PriceOptions = {}): CartPricing {
  const now = options.now ?? new Date();
  const lines = products.map((p) => priceLine(p, now, Boolean(options.member)));
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents, 0);
  const pricing: CartPricing = { lines, subtotalCents, discountCents: 0, discountLabel: null, totalCents: subtotalCents };
  if (options.member) {
    // A membership covers its included tier; a higher one costs the difference (vouchers and codes are not for members).
    pricing.discountCents = lines.reduce((sum, l) => sum + l.memberDiscountCents, 0);
    pricing.discountLabel = 'Member discount';
  } else if (options.discount) {
    const rules = options.discount;
    // Only the lines the code covers: its scope, and items on sale only when it says so.
    const covered = products.map((p) => isEligibleLine(rules, { productId: p.id, categoryId: p.categoryId ?? null, onSale: isSaleActive(p, now) }));
    const weights = lines.map((l, i) => (covered[i] ? l.priceCents : 0));
    pricing.codeLines = covered.filter(Boolean).length;
    pricing.discountCents = discountOnCents(
      rules,
      weights.reduce((a, b) => a + b, 0),
    );
    pricing.discountLabel = `${rules.code}: ${describeDiscount(rules)}`;
    if (pricing.discountCents > 0) pricing.lineDiscountCents = apportionCents(pricing.discountCents, weights);
  } else if (options.voucher) {
    pricing.discountCents = voucherDiscountCents(options.voucher, subtotalCents);
    pricing.discountLabel = `${options.voucher.code}: ${describeVoucher(options.voucher)}`;
    if (pricing.discountCents > 0)
      pricing.lineDiscountCents = apportionCents(
        pricing.discountCents,
        lines.map((l) => l.priceCents),
      );
  }
  pricing.totalCents = subtotalCents - pricing.discountCents;
  return pricing;
}

/** The line's name on the payment page and the invoice: the item and the tier it buys. */
export const lineName = (line: Pick<CartLine, 'title' | 'licence'>) => licenceLineName(line.title, line.licence?.name, Boolean(line.licence?.upgradeOfId));
