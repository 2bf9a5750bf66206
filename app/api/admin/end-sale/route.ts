// POST /api/admin/end-sale — end the sale of the listed product ids
import { endSaleSchema } from '@/lib/contract/admin';
import { endSalesResponse } from '@/lib/contract/sales';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { endSales } from '@/lib/domain/sales';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

export const POST = adminHandler('catalogue', async (request, _context, admin) => {
  const ids = await parseJson(request, endSaleSchema);
  const ended = await endSales(admin.username, ids);
  revalidateCatalog();
  return jsonOf(endSalesResponse, { success: true, ended_count: ended });
});
