// POST /api/admin/products/bulk-update — move the selected products and bundles (ids, or all_matching a list filter) to one category, all or nothing
import { bulkCategorySchema } from '@/lib/contract/admin-requests';
import { bulkUpdateResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { bulkUpdateCategory } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

export const POST = adminHandler('catalogue', async (request, _context, admin) => {
  const input = await parseJson(request, bulkCategorySchema);
  const updated = await bulkUpdateCategory(admin.username, input.target, input.category);
  revalidateCatalog();
  return jsonOf(bulkUpdateResponse, { success: true, updated_count: updated });
});
