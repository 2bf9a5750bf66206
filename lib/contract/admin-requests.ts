import { z } from 'zod';

// Request contracts of the back-office endpoints added for issue #15: bundles,
// voucher status, tag renames, server-paged lists and "all matching" selections.
// Unknown fields are dropped.

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/i, 'Invalid id');
const money = z.coerce.number().min(0).max(100_000);
const search = z.string().trim().max(100).optional();
const tags = z.union([
  z.array(z.string().max(50)).max(30),
  z
    .string()
    .max(1000)
    .transform((s) => s.split(',')),
]);

export const bundleCreateSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  price: money,
  description: z.string().max(5000).optional(),
  category: z.string().trim().min(1, 'Category is required').max(100),
  subcategory: z.string().trim().max(100).nullable().optional(),
  tags: tags.optional(),
  product_ids: z.array(id, { message: 'Choose the products of the bundle' }).max(500),
});

export const voucherStatusSchema = z.object({ status: z.enum(['active', 'disabled'], { message: "status must be 'active' or 'disabled'" }) });

export const tagRenameSchema = z.object({ name: z.string().trim().min(1, 'Tag name is required').max(50) });

const page = {
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

/** GET /api/admin/active-sales: one page, soonest end first. */
export const adminActiveSalesQuerySchema = z.object(page);

/** GET /api/admin/products: title search plus the list's filters. */
export const adminProductsQuerySchema = z.object({
  search,
  category: z.string().trim().max(100).optional(),
  kind: z.enum(['all', 'product', 'bundle']).default('all'),
  on_sale: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...page,
});

export const adminOrdersQuerySchema = z.object({
  status: z.enum(['paid', 'open', 'expired', 'all']).default('paid'),
  customer_email: z.string().trim().max(254).optional(),
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  // Email or session id, either in part.
  search,
  ...page,
});

export const adminVouchersQuerySchema = z.object({
  search,
  status: z.enum(['active', 'used', 'disabled']).optional(),
  ...page,
});

/** The All Products filter a "select all N matching" stands for. */
export const productSelectionSchema = z
  .object({
    search,
    category: z.string().trim().max(100).optional(),
    kind: z.enum(['all', 'product', 'bundle']).default('all'),
    on_sale: z.boolean().optional(),
  })
  .transform(({ on_sale, ...rest }) => ({ ...rest, onSale: on_sale }));

const NONE_SELECTED = 'No products selected';

/** Picked `ids`, or `all_matching` (the list's filter) for every item it matches, on any page. */
const bulkTargetFields = {
  ids: z.array(id).max(10_000).optional(),
  all_matching: productSelectionSchema.optional(),
};

type BulkTargetInput = { ids?: string[]; all_matching?: z.infer<typeof productSelectionSchema> };

function toBulkTarget(input: BulkTargetInput, context: z.RefinementCtx) {
  if (input.ids?.length) return { ids: input.ids };
  if (input.all_matching) return { allMatching: input.all_matching };
  context.addIssue({ code: 'custom', message: NONE_SELECTED, path: ['ids'] });
  return z.NEVER;
}

export const bulkDeleteSchema = z.object(bulkTargetFields).transform((input, context) => ({ target: toBulkTarget(input, context) }));

export const bulkCategorySchema = z
  .object({ ...bulkTargetFields, category: z.string().trim().min(1, 'Select products and choose a category').max(100) })
  .transform((input, context) => ({ target: toBulkTarget(input, context), category: input.category }));
