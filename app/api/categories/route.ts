// GET /api/categories — every category with its subcategories and display image
import { getCategories } from '@/lib/cache/catalog';
import { toCategoryResponse } from '@/lib/contract/catalog';
import { handler, json } from '@/lib/http/handler';

export const GET = handler(async () => {
  const categories = await getCategories();
  return json(categories.map(toCategoryResponse), { cache: 'public' });
});
