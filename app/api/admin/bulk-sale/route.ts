// POST /api/admin/bulk-sale — put the store, a category or a selection on sale → {updated_count}
import { bulkSaleSchema } from '@/lib/contract/admin';
import { bulkSaleResponse } from '@/lib/contract/sales';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { applyBulkSale } from '@/lib/domain/sales';
import { dollarsToCents } from '@/lib/format';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

export const POST = adminHandler('catalogue', async (request, _context, admin) => {
  const input = await parseJson(request, bulkSaleSchema);
  const result = await applyBulkSale(admin.username, {
    targetType: input.target_type,
    priceType: input.sale_price_type,
    value: input.sale_price_type === 'fixed' ? dollarsToCents(input.sale_value) : input.sale_value,
    saleStart: input.sale_start,
    saleEnd: input.sale_end,
    category: input.category,
    productIds: input.product_ids,
    allMatching: input.all_matching,
  });
  revalidateCatalog();
  return jsonOf(bulkSaleResponse, { success: true, updated_count: result.updatedCount, skipped_count: result.skippedCount });
});
