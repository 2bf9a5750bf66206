import 'server-only';
import type { CatalogItem } from '@/lib/domain/catalog';
import { formatAmount } from '@/lib/format';
import { publicMediaUrl, siteUrl } from '@/lib/media';
import { SHOP_NAME } from '@/lib/shop';

/**
 * schema.org Product + Offer for search engines. `<` is escaped so that text
 * from the catalogue can never close the script element.
 */
export function productJsonLd(item: CatalogItem, priceCents: number, onSale: boolean): string {
  const image = publicMediaUrl(item.imagePath, { absolute: true });
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': siteUrl(`/product/${item.id}`),
    name: item.title,
    description: item.description,
    sku: item.id,
    ...(image ? { image: [image] } : {}),
    ...(item.category ? { category: [item.category, item.subcategory].filter(Boolean).join(' > ') } : {}),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: {
      '@type': 'Offer',
      url: siteUrl(`/product/${item.id}`),
      price: formatAmount(priceCents),
      priceCurrency: 'AUD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(onSale && item.saleEnd ? { priceValidUntil: item.saleEnd.slice(0, 10) } : {}),
      seller: { '@type': 'Organization', name: SHOP_NAME },
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
