import 'server-only';
import type { ProductCardView } from '@/components/catalog/types';
import type { CatalogItem } from '@/lib/domain/catalog';
import { licenceOptions, lowestOption, type LicenceOption, type TierRule } from '@/lib/domain/licences';
import { priceDisplay } from '@/lib/domain/pricing';
import { centsToDollars, salePercent } from '@/lib/format';
import { publicMediaUrl } from '@/lib/media';

export function productHref(id: string): string {
  return `/product/${id}`;
}

/** A licence tier's price as the price components show it. */
export const tierPriceView = (option: LicenceOption) => ({
  priceCents: option.effectiveCents,
  regularPriceCents: option.priceCents,
  onSale: option.salePriceCents !== null,
  salePercent: option.salePriceCents === null ? 0 : salePercent(option.priceCents, option.salePriceCents),
});

/** Card data for a product or bundle, priced at `now` in its default licence tier ("From" when its tiers differ in price). */
export function toCardView(item: CatalogItem, now: Date, tiers: TierRule[]): ProductCardView {
  const options = licenceOptions(item, tiers, now);
  const price = options[0] ? tierPriceView(options[0]) : priceDisplay(item, now);
  return {
    id: item.id,
    title: item.title,
    href: productHref(item.id),
    imageUrl: publicMediaUrl(item.thumbnailPath ?? item.imagePath),
    isBundle: item.isBundle,
    tags: item.tags,
    price,
    rating: item.rating,
    priceFrom: lowestOption(options)?.varies ?? false,
    cartItem: {
      product_id: item.id,
      title: item.title,
      price: centsToDollars(price.priceCents),
      image_path: item.thumbnailPath ?? item.imagePath,
      is_bundle: item.isBundle,
    },
  };
}
