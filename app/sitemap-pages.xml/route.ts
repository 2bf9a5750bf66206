// GET /sitemap-pages.xml — the home page, every category and subcategory listing, and the licence terms pages
import { getCategories } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { termsPath } from '@/lib/shop';
import { handler } from '@/lib/http/handler';
import { urlSetResponse } from '@/lib/http/sitemap-xml';
import { siteUrl } from '@/lib/media';

export const GET = handler(async () => {
  const [categories, tiers] = await Promise.all([getCategories(), getLicenceTiers()]);
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
    ...tiers.filter((t) => !t.retired).map((t) => ({ url: siteUrl(termsPath(t.key)), changeFrequency: 'weekly' as const, priority: 0.3 })),
  ]);
});
