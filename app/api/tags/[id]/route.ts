// DELETE /api/tags/{id} — admin: delete a tag and take it off every product
import { idParams } from '@/lib/contract/admin';
import { successResponse } from '@/lib/contract/common';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { deleteTag } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const DELETE = adminHandler<{ id: string }>(async (_request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  await deleteTag(admin.username, id);
  revalidateCatalog();
  return jsonOf(successResponse, { success: true });
});
