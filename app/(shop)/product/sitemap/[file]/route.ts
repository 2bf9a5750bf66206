// GET /product/sitemap/{n}.xml — product pages n × 50,000 to (n + 1) × 50,000 − 1, newest first
import { z } from 'zod';
import { countCatalogItems, listCatalogIds, productSitemapCount } from '@/lib/domain/catalog';
import { notFound } from '@/lib/domain/errors';
import { handler } from '@/lib/http/handler';
import { urlSetResponse } from '@/lib/http/sitemap-xml';
import { siteUrl } from '@/lib/media';

const fileSchema = z.object({
  file: z
    .string()
    .regex(/^\d{1,6}\.xml$/)
    .transform((f) => Number(f.slice(0, -4))),
});

export const GET = handler<{ file: string }>(async (_request, { params }) => {
  const parsed = fileSchema.safeParse(await params);
  // Only the files the index names: 0 always (an empty shop), then one per 50,000 products.
  if (!parsed.success || parsed.data.file >= productSitemapCount(await countCatalogItems())) throw notFound('No such sitemap');
  const items = await listCatalogIds(parsed.data.file);
  return urlSetResponse(items.map((i) => ({ url: siteUrl(`/product/${i.id}`), lastModified: i.updatedAt, priority: 0.7 })));
});
