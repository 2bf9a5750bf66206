// GET /api/categories — every category with its subcategories and display image
// POST /api/categories — admin: create a category (name, subcategories)
import { categorySchema } from '@/lib/contract/admin';
import { categoryWriteResponse } from '@/lib/contract/catalog';
import { getCategories, revalidateCatalog } from '@/lib/cache/catalog';
import { createCategory } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { handler, json, jsonOf, parseBody } from '@/lib/http/handler';
import { toCategoryResponse } from '@/lib/http/responses/catalog';

export const GET = handler(async () => {
  const categories = await getCategories();
  return json(categories.map(toCategoryResponse), { cache: 'public' });
});

export const POST = adminHandler('catalogue', async (request, _context, admin) => {
  const input = await parseBody(request, categorySchema);
  const category = await createCategory(admin.username, input.name, input.subcategories);
  revalidateCatalog();
  return jsonOf(categoryWriteResponse, { success: true, id: category.id, name: category.name, subcategories: category.subcategories }, { status: 201 });
});
