// POST /api/admin/products/bulk-delete — delete the selected products and bundles, all or nothing
import { bulkIdsSchema } from '@/lib/contract/admin';
import { bulkDeleteResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { bulkDeleteCatalogItems } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

export const POST = adminHandler(async (request, _context, admin) => {
  const { ids } = await parseJson(request, bulkIdsSchema);
  const deleted = await bulkDeleteCatalogItems(admin.username, ids);
  revalidateCatalog();
  return jsonOf(bulkDeleteResponse, { success: true, deleted_count: deleted });
});
