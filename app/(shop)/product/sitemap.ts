import type { MetadataRoute } from 'next';
import { countCatalogItems, listCatalogIds, productSitemapIds } from '@/lib/domain/catalog';
import { siteUrl } from '@/lib/media';

// Product URLs in files of at most 50,000 (/product/sitemap/0.xml, 1.xml, …),
// all listed by robots.txt.
export const revalidate = 3600;

export async function generateSitemaps() {
  return productSitemapIds(await countCatalogItems());
}

export default async function sitemap(props: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const items = await listCatalogIds(Number(await props.id));
  return items.map((i) => ({ url: siteUrl(`/product/${i.id}`), lastModified: i.updatedAt, priority: 0.7 }));
}
