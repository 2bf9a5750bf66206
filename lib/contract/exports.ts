import { z } from 'zod';
import { adminOrdersQuerySchema, adminProductsQuerySchema } from './admin-requests';
import { adminCustomersQuerySchema } from './customers';

// CSV exports of the Orders, Customers and All Products tabs and the products
// import (docs/product.md §3, Decision 092). An export takes the same query as
// its tab's list (its limit and offset are ignored: the export is every match).

export const ordersCsvQuerySchema = adminOrdersQuerySchema;
export const customersCsvQuerySchema = adminCustomersQuerySchema;
export const productsCsvQuerySchema = adminProductsQuerySchema;

/** The largest products CSV the import reads, and the most rows in it. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
/** The highest price a cell may hold, as the product edit allows. */
export const MAX_IMPORT_MONEY_DOLLARS = 100_000;

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The form fields beside the `file` part of POST /api/admin/products/import. */
export const productImportForm = z.object({
  mode: z.enum(['dry_run', 'apply']).default('dry_run'),
  apply_valid_rows: flag.default(false),
});

const change = z.object({ from: z.string(), to: z.string() });

export const productImportResponse = z.object({
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  /** Per row that changes something: the spreadsheet row (the header is row 1), the product, and each column's old and new text. */
  changes: z.array(z.object({ row: z.number().int(), id: z.string(), changes: z.record(z.string(), change) })),
  /** Every problem, by row and column (row 1 is the header). */
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
  /** Rows written; 0 for a dry run, and for a file with errors unless its valid rows were asked for. */
  applied: z.number().int(),
});
export type ProductImportResponse = z.infer<typeof productImportResponse>;
