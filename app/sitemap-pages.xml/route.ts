// GET /sitemap-pages.xml — the home page and every category and subcategory listing
import { getCategories } from '@/lib/cache/catalog';
import { handler } from '@/lib/http/handler';
import { urlSetResponse } from '@/lib/http/sitemap-xml';
import { siteUrl } from '@/lib/media';

export const GET = handler(async () => {
  const categories = await getCategories();
  const listings = categories.flatMap((c) => [
    { url: siteUrl(`/products?category=${encodeURIComponent(c.name)}`), lastModified: c.updatedAt },
    ...c.subcategories.map((sub) => ({
      url: siteUrl(`/products?category=${encodeURIComponent(c.name)}&subcategory=${encodeURIComponent(sub)}`),
      lastModified: c.updatedAt,
    })),
  ]);
  return urlSetResponse([
    { url: siteUrl('/'), changeFrequency: 'daily', priority: 1 },
    { url: siteUrl('/products'), changeFrequency: 'daily', priority: 0.9 },
    ...listings,
  ]);
});
