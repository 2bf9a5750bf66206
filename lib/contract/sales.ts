import { z } from 'zod';
import { dollars, isoDateTime, successResponse } from './common';

// GET /api/admin/active-sales (docs/product.md §3 "Active sale").
export const activeSaleResponse = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  original_price: dollars,
  sale_price: dollars,
  discount_percentage: z.number(),
  sale_start: isoDateTime.nullable(),
  sale_end: isoDateTime.nullable(),
  is_bundle: z.boolean(),
});
export type ActiveSaleResponse = z.infer<typeof activeSaleResponse>;

// POST /api/admin/bulk-sale.
export const bulkSaleResponse = successResponse.extend({ updated_count: z.number().int().min(0), skipped_count: z.number().int().min(0) });
// POST /api/admin/end-sale, /api/admin/end-all-sales.
export const endSalesResponse = successResponse.extend({ ended_count: z.number().int().min(0) });
