// POST /api/admin/newsletters/{id}/test — admin: send the newsletter to the signed-in member of staff's own address
import { newsletterParams, newsletterTestResponse } from '@/lib/contract/newsletters';
import { sendTestNewsletter } from '@/lib/domain/newsletters';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('marketing', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, newsletterParams);
  return jsonOf(newsletterTestResponse, { success: true, sent_to: await sendTestNewsletter(id, admin.staffId) });
});
