// GET /sitemap.xml — sitemap index: the listings sitemap and every product sitemap (50,000 products each)
import { countCatalogItems, productSitemapCount } from '@/lib/domain/catalog';
import { handler } from '@/lib/http/handler';
import { sitemapIndexResponse } from '@/lib/http/sitemap-xml';
import { siteUrl } from '@/lib/media';

export const GET = handler(async () => {
  const files = productSitemapCount(await countCatalogItems());
  return sitemapIndexResponse([siteUrl('/sitemap-pages.xml'), ...Array.from({ length: files }, (_, n) => siteUrl(`/product/sitemap/${n}.xml`))]);
});
