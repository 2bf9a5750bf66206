import 'server-only';
import type { ProductCardView } from '@/components/catalog/types';
import type { CatalogItem } from '@/lib/domain/catalog';
import { priceDisplay } from '@/lib/domain/pricing';
import { centsToDollars } from '@/lib/format';
import { publicMediaUrl } from '@/lib/media';

export function productHref(id: string): string {
  return `/product/${id}`;
}

/** Card data for a product or bundle, priced at `now`. */
export function toCardView(item: CatalogItem, now: Date): ProductCardView {
  const price = priceDisplay(item, now);
  return {
    id: item.id,
    title: item.title,
    href: productHref(item.id),
    imageUrl: publicMediaUrl(item.thumbnailPath ?? item.imagePath),
    isBundle: item.isBundle,
    tags: item.tags,
    price,
    rating: item.rating,
    cartItem: {
      product_id: item.id,
      title: item.title,
      price: centsToDollars(price.priceCents),
      image_path: item.thumbnailPath ?? item.imagePath,
      is_bundle: item.isBundle,
    },
  };
}
