// GET /api/admin/newsletters/{id}/preview — admin: the email as customers receive it (sanitised HTML and text)
import { newsletterParams, newsletterPreviewResponse } from '@/lib/contract/newsletters';
import { getNewsletterOrThrow, renderStored } from '@/lib/domain/newsletters';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const GET = adminHandler<{ id: string }>('marketing', async (_request, { params }) => {
  const { id } = await parseParams(params, newsletterParams);
  return jsonOf(newsletterPreviewResponse, await renderStored(await getNewsletterOrThrow(id)), { cache: 'no-store' });
});
