// POST /api/admin/newsletters/{id}/send — admin: send a draft to a segment of the customers who consented (202: it goes in batches)
import { newsletterParams, newsletterResponse, newsletterSendSchema } from '@/lib/contract/newsletters';
import { invalid } from '@/lib/domain/errors';
import { getNewsletterOrThrow, parseSegment, startSending } from '@/lib/domain/newsletters';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';
import { toNewsletterResponse } from '@/lib/http/responses/newsletters';

export const POST = adminHandler<{ id: string }>('marketing', async (request, { params }, admin) => {
  const { id } = await parseParams(params, newsletterParams);
  const segment = parseSegment((await parseJson(request, newsletterSendSchema)).segment);
  if (!segment) throw invalid('Choose who receives it', { segment: ['Choose who receives it'] });
  await startSending(admin.username, id, segment);
  return jsonOf(newsletterResponse, await toNewsletterResponse(await getNewsletterOrThrow(id)), { status: 202 });
});
