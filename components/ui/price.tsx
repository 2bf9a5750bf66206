import { dollarsToCents, formatAud, salePercent } from '@/lib/format';

/** A price in whole cents, and the regular price it is reduced from during a sale. */
export type PriceView = {
  priceCents: number;
  regularPriceCents: number;
  onSale: boolean;
  salePercent: number;
};

const SIZES = { sm: 'text-sm', md: 'text-base', lg: 'text-2xl' } as const;

/** A product priced $0 is a free download (Decision 095): it says so instead of showing $0.00. */
export const isFreePrice = (price: PriceView) => price.regularPriceCents === 0 && !price.onSale;

/** The price in AUD (docs/product.md §9), with the regular price struck through beside it during a sale. */
export function Price({ price, size = 'md' }: { price: PriceView; size?: keyof typeof SIZES }) {
  const main = SIZES[size];
  if (isFreePrice(price)) return <span className={`${main} font-bold text-success-800`}>Free download</span>;
  if (!price.onSale) return <span className={`${main} font-bold text-gray-900`}>{formatAud(price.priceCents)}</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <s className="text-sm text-gray-600" aria-label={`Regular price ${formatAud(price.regularPriceCents)}`}>
        {formatAud(price.regularPriceCents)}
      </s>
      <span className={`${main} font-bold text-brand-700`}>{formatAud(price.priceCents)}</span>
    </span>
  );
}

/** A price the API gave in dollars (the back office's lists), as whole cents. */
export function priceViewFromDollars(price: number, salePrice: number | null, onSale: boolean): PriceView {
  const regularPriceCents = dollarsToCents(price);
  const saleCents = onSale && salePrice !== null ? dollarsToCents(salePrice) : null;
  const priceCents = saleCents ?? regularPriceCents;
  return { priceCents, regularPriceCents, onSale: saleCents !== null, salePercent: salePercent(regularPriceCents, priceCents) };
}
