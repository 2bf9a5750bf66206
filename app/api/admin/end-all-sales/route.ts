// POST /api/admin/end-all-sales — end every sale now
import { endSalesResponse } from '@/lib/contract/sales';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { endAllSales } from '@/lib/domain/sales';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf } from '@/lib/http/handler';

export const POST = adminHandler('catalogue', async (_request, _context, admin) => {
  const ended = await endAllSales(admin.username);
  revalidateCatalog();
  return jsonOf(endSalesResponse, { success: true, ended_count: ended });
});
