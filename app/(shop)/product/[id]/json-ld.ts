import 'server-only';
import type { ReviewSummary } from '@/lib/cache/catalog';
import type { CatalogItem } from '@/lib/domain/catalog';
import { formatAmount } from '@/lib/format';
import { publicMediaUrl, siteUrl } from '@/lib/media';

/** aggregateRating and up to 5 review entries, once the item has a shown review; nothing before. */
function reviewsJsonLd(reviews: ReviewSummary) {
  if (reviews.average === null) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.average, reviewCount: reviews.count, bestRating: 5, worstRating: 1 },
    review: reviews.newest.slice(0, 5).map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.body,
      datePublished: review.createdAt.slice(0, 10),
      author: { '@type': 'Person', name: review.author },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/**
 * schema.org Product + Offer for search engines, with every gallery image and
 * the reviews. `<` is escaped so that text from the catalogue or a customer
 * can never close the script element.
 */
export function productJsonLd(item: CatalogItem, priceCents: number, onSale: boolean, shopName: string, reviews: ReviewSummary): string {
  const images = item.images.flatMap((image) => publicMediaUrl(image.imagePath, { absolute: true }) ?? []);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': siteUrl(`/product/${item.id}`),
    name: item.title,
    description: item.description,
    sku: item.id,
    ...(images.length > 0 ? { image: images } : {}),
    ...(item.category ? { category: [item.category, item.subcategory].filter(Boolean).join(' > ') } : {}),
    brand: { '@type': 'Brand', name: shopName },
    offers: {
      '@type': 'Offer',
      url: siteUrl(`/product/${item.id}`),
      price: formatAmount(priceCents),
      priceCurrency: 'AUD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(onSale && item.saleEnd ? { priceValidUntil: item.saleEnd.slice(0, 10) } : {}),
      seller: { '@type': 'Organization', name: shopName },
    },
    ...reviewsJsonLd(reviews),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
