import { z } from 'zod';
import { dollars, isoDateTime, successResponse } from './common';

// Discount codes for campaigns (Decision 090): GET/POST /api/admin/discounts,
// PUT/DELETE /api/admin/discounts/{id}. `value` is a percent for percentage
// codes and dollars for fixed amounts; times are ISO 8601 instants (the back
// office shows and types them in Sydney time, and sends the instant).

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/i, 'Invalid id');

export const discountScope = z.enum(['cart', 'categories', 'products', 'membership']);
export type DiscountScopeValue = z.infer<typeof discountScope>;

// null and '' clear a limit; tried first because coercion would turn them into 0 or 1970.
const cleared = z.union([z.null(), z.literal('').transform(() => null)]);
const count = z.union([cleared, z.coerce.number().int('Use a whole number').min(1, 'Use 1 or more, or leave it empty for no limit').max(10_000_000)]);
const instant = z.union([cleared, z.iso.datetime({ offset: true, message: 'Use a date and time' }).transform((value) => new Date(value))]);

// Every field optional: PUT changes only what it names. POST adds the required ones below.
const fields = {
  /** Empty or absent on create: the server generates one. */
  code: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, 'Use letters, digits or dashes for the code')
    .optional(),
  type: z.enum(['percentage', 'fixed_amount']).optional(),
  value: z.coerce.number().positive('Value must be above 0').max(100_000).optional(),
  applies_to: discountScope.optional(),
  category_ids: z.array(id).max(200).optional(),
  product_ids: z.array(id).max(500).optional(),
  starts_at: instant.optional(),
  ends_at: instant.optional(),
  max_uses: count.optional(),
  max_uses_per_customer: count.optional(),
  min_subtotal: z.union([cleared, z.coerce.number().min(0).max(100_000)]).optional(),
  new_customers_only: z.boolean().optional(),
  applies_to_sale_items: z.boolean().optional(),
  enabled: z.boolean().optional(),
  description: z.string().trim().max(200).optional(),
};

export const discountCodeUpdateSchema = z.object(fields);
export type DiscountCodeUpdate = z.infer<typeof discountCodeUpdateSchema>;

export const discountCodeCreateSchema = z.object({
  ...fields,
  type: z.enum(['percentage', 'fixed_amount'], { message: "type must be 'percentage' or 'fixed_amount'" }),
  value: z.coerce.number({ message: 'Value is required' }).positive('Value must be above 0').max(100_000),
});
export type DiscountCodeCreate = z.infer<typeof discountCodeCreateSchema>;

export const adminDiscountsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const discountStatus = z.enum(['active', 'scheduled', 'expired', 'used_up', 'disabled']);

// GET /api/admin/discounts lists these; POST and PUT answer one.
export const discountCodeResponse = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(['percentage', 'fixed_amount']),
  value: z.number().min(0),
  applies_to: discountScope,
  category_ids: z.array(z.string()),
  product_ids: z.array(z.string()),
  /** The chosen products and bundles still in the catalogue, for the form and the list. */
  products: z.array(z.object({ id: z.string(), title: z.string(), is_bundle: z.boolean() })),
  starts_at: isoDateTime.nullable(),
  ends_at: isoDateTime.nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  min_subtotal: dollars.nullable(),
  new_customers_only: z.boolean(),
  applies_to_sale_items: z.boolean(),
  enabled: z.boolean(),
  status: discountStatus,
  description: z.string(),
  /** What the cap counts: paid orders plus open checkouts holding a use. */
  uses: z.number().int().min(0),
  /** Paid orders that used the code. */
  orders: z.number().int().min(0),
  /** What those orders paid, minus refunds. */
  revenue: z.number(),
  /** The discount those orders were given. */
  discount_given: dollars,
  /** False once any order used it: Delete then keeps it, disabled. */
  deletable: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type DiscountCodeResponse = z.infer<typeof discountCodeResponse>;

/** DELETE: an unused code is deleted; a used one is kept and disabled. */
export const discountCodeDeleteResponse = successResponse.extend({ deleted: z.boolean(), message: z.string() });
export type DiscountCodeDeleteResponse = z.infer<typeof discountCodeDeleteResponse>;
