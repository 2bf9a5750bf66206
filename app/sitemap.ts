import type { MetadataRoute } from 'next';
import { getCategories } from '@/lib/cache/catalog';
import { siteUrl } from '@/lib/media';

// Listings only; product pages are in /product/sitemap/{n}.xml (50,000 per file).
export const revalidate = 3600;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const categories = await getCategories();
  const categoryUrls = categories.flatMap((c) => [
    { url: siteUrl(`/products?category=${encodeURIComponent(c.name)}`), lastModified: c.updatedAt },
    ...c.subcategories.map((sub) => ({
      url: siteUrl(`/products?category=${encodeURIComponent(c.name)}&subcategory=${encodeURIComponent(sub)}`),
      lastModified: c.updatedAt,
    })),
  ]);
  return [
    { url: siteUrl('/'), changeFrequency: 'daily', priority: 1 },
    { url: siteUrl('/products'), changeFrequency: 'daily', priority: 0.9 },
    ...categoryUrls,
  ];
}
