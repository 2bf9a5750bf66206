// GET /api/admin/newsletters/{id} — admin: one newsletter with its progress
// PUT /api/admin/newsletters/{id} — admin: change a draft (409 once sending has started)
import { newsletterInputSchema, newsletterParams, newsletterResponse } from '@/lib/contract/newsletters';
import { getNewsletterOrThrow, updateNewsletter } from '@/lib/domain/newsletters';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';
import { toNewsletterResponse } from '@/lib/http/responses/newsletters';

export const GET = adminHandler<{ id: string }>('marketing', async (_request, { params }) => {
  const { id } = await parseParams(params, newsletterParams);
  return jsonOf(newsletterResponse, await toNewsletterResponse(await getNewsletterOrThrow(id)), { cache: 'no-store' });
});

export const PUT = adminHandler<{ id: string }>('marketing', async (request, { params }, admin) => {
  const { id } = await parseParams(params, newsletterParams);
  const body = await parseJson(request, newsletterInputSchema);
  const row = await updateNewsletter(admin.username, id, { subject: body.subject, markdown: body.markdown, featuredProductIds: body.featured_product_ids });
  return jsonOf(newsletterResponse, await toNewsletterResponse(row));
});
