// POST /api/admin/products/bulk-delete — delete the selected products and bundles (ids, or all_matching a list filter), all or nothing
import { bulkDeleteSchema } from '@/lib/contract/admin-requests';
import { bulkDeleteResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { bulkDeleteCatalogItems } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

export const POST = adminHandler('catalogue', async (request, _context, admin) => {
  const { target } = await parseJson(request, bulkDeleteSchema);
  const deleted = await bulkDeleteCatalogItems(admin.username, target);
  revalidateCatalog();
  return jsonOf(bulkDeleteResponse, { success: true, deleted_count: deleted });
});
