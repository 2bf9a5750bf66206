// POST /api/products/{id}/files/{fileId}/notify — admin: email every buyer about this new version, once (202 with the count queued; again → 409)
import { productFileParams, updateEmailsResponse } from '@/lib/contract/file-versions';
import { emailBuyersAboutUpdate } from '@/lib/domain/file-updates';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string; fileId: string }>('catalogue', async (_request, { params }, admin) => {
  const { id, fileId } = await parseParams(params, productFileParams);
  const { queued } = await emailBuyersAboutUpdate(admin.username, id, fileId);
  return jsonOf(updateEmailsResponse, { queued }, { status: 202 });
});
