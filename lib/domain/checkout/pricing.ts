// Prices a cart from catalogue data at one moment: pure, whole cents.
import { effectivePriceCents, type PriceFields } from '@/lib/domain/pricing';
import { chargeLine, licenceLineName, type PricedLicence } from '@/lib/domain/licences';
import { describeVoucher, voucherDiscountCents, type VoucherRules } from '@/lib/domain/vouchers';

/** An item with, once licences are chosen, the licence its line buys (Decision 081); without one, its own price. */
export type PricedProduct = PriceFields & { id: string; title: string; isBundle: boolean; licence?: PricedLicence };

export type CartLine = {
  productId: string;
  title: string;
  isBundle: boolean;
  /** Before order-level discounts: the tier's price, or for an upgrade what it exceeds what was paid. */
  priceCents: number;
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
};

function priceLine(p: PricedProduct, now: Date, member: boolean): CartLine {
  const base = { productId: p.id, title: p.title, isBundle: p.isBundle, licence: p.licence ?? null };
  if (!p.licence) {
    const priceCents = effectivePriceCents(p, now);
    return { ...base, priceCents, memberDiscountCents: member ? priceCents : 0 };
  }
  const { effectiveCents, paidCents, memberAllowanceCents } = p.licence;
  return { ...base, ...chargeLine({ effectiveCents, paidCents, memberAllowanceCents: member ? memberAllowanceCents : null }) };
}

export function priceCart(products: PricedProduct[], options: { now?: Date; voucher?: VoucherRules | null; member?: boolean } = {}): CartPricing {
  const now = options.now ?? new Date();
  const lines = products.map((p) => priceLine(p, now, Boolean(options.member)));
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents, 0);
  let discountCents = 0;
  let discountLabel: string | null = null;
  if (options.member) {
    // A membership covers its included tier; a higher one costs the difference (vouchers are not for members).
    discountCents = lines.reduce((sum, l) => sum + l.memberDiscountCents, 0);
    discountLabel = 'Member discount';
  } else if (options.voucher) {
    discountCents = voucherDiscountCents(options.voucher, subtotalCents);
    discountLabel = `${options.voucher.code}: ${describeVoucher(options.voucher)}`;
  }
  return { lines, subtotalCents, discountCents, discountLabel, totalCents: subtotalCents - discountCents };
}

/** The line's name on the payment page and the invoice: the item and the tier it buys. */
export const lineName = (line: Pick<CartLine, 'title' | 'licence'>) => licenceLineName(line.title, line.licence?.name, Boolean(line.licence?.upgradeOfId));
