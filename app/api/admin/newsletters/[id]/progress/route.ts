// GET /api/admin/newsletters/{id}/progress — admin: how many were sent, failed, skipped (unsubscribed since the start) and are left
import { newsletterParams, newsletterProgressResponse } from '@/lib/contract/newsletters';
import { getNewsletterOrThrow, newsletterProgress } from '@/lib/domain/newsletters';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';
import { toProgressResponse } from '@/lib/http/responses/newsletters';

export const GET = adminHandler<{ id: string }>('marketing', async (_request, { params }) => {
  const { id } = await parseParams(params, newsletterParams);
  await getNewsletterOrThrow(id);
  return jsonOf(newsletterProgressResponse, toProgressResponse(await newsletterProgress(id)), { cache: 'no-store' });
});
