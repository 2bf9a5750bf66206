import type { MetadataRoute } from 'next';
import { countCatalogItems, productSitemapIds } from '@/lib/domain/catalog';
import { siteUrl } from '@/lib/media';

export const revalidate = 3600;

export default async function robots(): Promise<MetadataRoute.Robots> {
  const count = await countCatalogItems().catch(() => 0);
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/admin/', '/checkout/', '/success', '/my-orders'] },
    sitemap: [siteUrl('/sitemap.xml'), ...productSitemapIds(count).map(({ id }) => siteUrl(`/product/sitemap/${id}.xml`))],
  };
}
