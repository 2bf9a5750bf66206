// PUT /api/tags/{id} — admin: rename a tag on every product that carries it
// DELETE /api/tags/{id} — admin: delete a tag and take it off every product
import { idParams } from '@/lib/contract/admin';
import { tagRenameSchema } from '@/lib/contract/admin-requests';
import { tagWriteResponse } from '@/lib/contract/catalog';
import { successResponse } from '@/lib/contract/common';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { deleteTag, renameTag } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody, parseParams } from '@/lib/http/handler';
import { toTagResponse } from '@/lib/http/responses/catalog';

export const DELETE = adminHandler<{ id: string }>('catalogue', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  await deleteTag(admin.username, id);
  revalidateCatalog();
  return jsonOf(successResponse, { success: true });
});

export const PUT = adminHandler<{ id: string }>('catalogue', async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const { name } = await parseBody(request, tagRenameSchema);
  const tag = await renameTag(admin.username, id, name);
  revalidateCatalog();
  return jsonOf(tagWriteResponse, { success: true, ...toTagResponse(tag) });
});
