// Prices a cart from catalogue data at one moment: pure, whole cents.
import { effectivePriceCents, type PriceFields } from '@/lib/domain/pricing';
import { describeVoucher, voucherDiscountCents, type VoucherRules } from '@/lib/domain/vouchers';

export type PricedProduct = PriceFields & { id: string; title: string; isBundle: boolean };

export type CartPricing = {
  lines: { productId: string; title: string; isBundle: boolean; priceCents: number }[];
  subtotalCents: number;
  discountCents: number;
  discountLabel: string | null;
  totalCents: number;
};

export function priceCart(products: PricedProduct[], options: { now?: Date; voucher?: VoucherRules | null; member?: boolean } = {}): CartPricing {
  const now = options.now ?? new Date();
  const lines = products.map((p) => ({ productId: p.id, title: p.title, isBundle: p.isBundle, priceCents: effectivePriceCents(p, now) }));
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents, 0);
  let discountCents = 0;
  let discountLabel: string | null = null;
  if (options.member) {
    discountCents = subtotalCents;
    discountLabel = 'Member discount';
  } else if (options.voucher) {
    discountCents = voucherDiscountCents(options.voucher, subtotalCents);
    discountLabel = `${options.voucher.code}: ${describeVoucher(options.voucher)}`;
  }
  return { lines, subtotalCents, discountCents, discountLabel, totalCents: subtotalCents - discountCents };
}
