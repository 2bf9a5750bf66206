import 'server-only';

// Sitemaps written by hand: Next's sitemap files cannot make a sitemap index,
// and a product sitemap per 50,000 items must exist for any catalogue size,
// not only for the ids known at build time.

export type SitemapUrl = { url: string; lastModified?: string; changeFrequency?: 'daily' | 'weekly'; priority?: number };

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // Crawlers read these rarely; an hour behind is fine and spares the database.
      'Cache-Control': 'public, max-age=0, s-maxage=3600, stale-while-revalidate=3600',
    },
  });
}

export function sitemapIndexResponse(sitemaps: string[]): Response {
  const entries = sitemaps.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return xmlResponse(`${HEAD}<sitemapindex xmlns="${NS}">\n${entries}\n</sitemapindex>\n`);
}

export function urlSetResponse(urls: SitemapUrl[]): Response {
  const entries = urls.map((u) =>
    [
      '<url>',
      `<loc>${escapeXml(u.url)}</loc>`,
      u.lastModified ? `<lastmod>${escapeXml(u.lastModified)}</lastmod>` : '',
      u.changeFrequency ? `<changefreq>${u.changeFrequency}</changefreq>` : '',
      u.priority !== undefined ? `<priority>${u.priority}</priority>` : '',
      '</url>',
    ].join(''),
  );
  return xmlResponse(`${HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`);
}
