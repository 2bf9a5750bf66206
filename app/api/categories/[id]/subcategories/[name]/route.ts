// DELETE /api/categories/{id}/subcategories/{name} — admin: remove a subcategory
import { subcategoryParams } from '@/lib/contract/admin';
import { subcategoriesResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { removeSubcategory } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const DELETE = adminHandler<{ id: string; name: string }>('catalogue', async (_request, { params }, admin) => {
  // Next has already decoded the segment; decoding again would break names containing '%'.
  const { id, name } = await parseParams(params, subcategoryParams);
  const category = await removeSubcategory(admin.username, id, name);
  revalidateCatalog();
  return jsonOf(subcategoriesResponse, { success: true, subcategories: category.subcategories });
});
