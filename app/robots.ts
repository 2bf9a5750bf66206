import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/media';

export const dynamic = 'force-dynamic';

// /sitemap.xml is an index naming every other sitemap, so it is the one to give.
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/admin/', '/checkout/', '/success', '/my-orders'] },
    sitemap: siteUrl('/sitemap.xml'),
  };
}
