// POST /api/admin/products/bulk-update — move the selected products and bundles to one category, all or nothing
import { z } from 'zod';
import { bulkIdsSchema } from '@/lib/contract/admin';
import { bulkUpdateResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { bulkUpdateCategory } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

const schema = bulkIdsSchema.extend({ category: z.string().trim().min(1, 'Select products and choose a category').max(100) });

export const POST = adminHandler(async (request, _context, admin) => {
  const input = await parseJson(request, schema);
  const updated = await bulkUpdateCategory(admin.username, input.ids, input.category);
  revalidateCatalog();
  return jsonOf(bulkUpdateResponse, { success: true, updated_count: updated });
});
