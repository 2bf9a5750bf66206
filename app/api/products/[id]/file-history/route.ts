// GET /api/products/{id}/file-history — admin: each current file's versions and the update emails sent about it
import { idParams } from '@/lib/contract/admin';
import { fileHistoryResponse } from '@/lib/contract/file-versions';
import { getFileHistory } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';
import { toFileHistoryResponse } from '@/lib/http/responses/file-versions';

export const GET = adminHandler<{ id: string }>('catalogue', async (_request, { params }) => {
  const { id } = await parseParams(params, idParams);
  return jsonOf(fileHistoryResponse, toFileHistoryResponse(await getFileHistory(id)));
});
