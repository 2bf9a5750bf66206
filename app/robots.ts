import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/media';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/admin/', '/cart', '/checkout/', '/success', '/my-orders'] },
    sitemap: siteUrl('/sitemap.xml'),
  };
}
