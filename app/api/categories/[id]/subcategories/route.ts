// POST /api/categories/{id}/subcategories — admin: add a subcategory (form subcategory_name)
import { idParams, subcategoryFormSchema } from '@/lib/contract/admin';
import { subcategoriesResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { addSubcategory } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('catalogue', async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const { subcategory_name } = await parseBody(request, subcategoryFormSchema);
  const category = await addSubcategory(admin.username, id, subcategory_name);
  revalidateCatalog();
  return jsonOf(subcategoriesResponse, { success: true, subcategories: category.subcategories });
});
