// PUT /api/categories/{id} — admin: rename and set subcategories
// DELETE /api/categories/{id} — admin: delete; its products keep no category
import { categorySchema, idParams } from '@/lib/contract/admin';
import { categoryWriteResponse } from '@/lib/contract/catalog';
import { successResponse } from '@/lib/contract/common';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { deleteCategory, updateCategory } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';

export const PUT = adminHandler<{ id: string }>('catalogue', async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const input = await parseJson(request, categorySchema);
  const category = await updateCategory(admin.username, id, input);
  revalidateCatalog();
  return jsonOf(categoryWriteResponse, { success: true, id: category.id, name: category.name, subcategories: category.subcategories });
});

export const DELETE = adminHandler<{ id: string }>('catalogue', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  await deleteCategory(admin.username, id);
  revalidateCatalog();
  return jsonOf(successResponse, { success: true });
});
