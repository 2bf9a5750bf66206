import { z } from 'zod';
import { dollars, isoDateTime, successResponse } from './common';

// Vouchers (docs/product.md §3): `value` is a percent for percentage vouchers and dollars
// for fixed amounts; balances are dollars and only fixed amounts have them.

const voucherType = z.enum(['fixed_amount', 'percentage']);
const usageType = z.enum(['reusable', 'one_time']);

// GET /api/admin/vouchers; POST /api/admin/vouchers/create answers one.
export const voucherResponse = z.object({
  id: z.string(),
  code: z.string(),
  customer_email: z.string(),
  type: voucherType,
  value: z.number().min(0),
  usage_type: usageType,
  original_balance: dollars.nullable(),
  current_balance: dollars.nullable(),
  status: z.string(),
  notes: z.string(),
  created_at: isoDateTime,
  used_at: isoDateTime.nullable(),
  description: z.string(),
});
export type VoucherResponse = z.infer<typeof voucherResponse>;

export const voucherCreateResponse = successResponse.extend({ voucher: voucherResponse, code: z.string() });
export type VoucherCreateResponse = z.infer<typeof voucherCreateResponse>;

// GET /api/account/vouchers: the customer's view (docs/product.md §3) plus status.
export const customerVoucherResponse = z.object({
  id: z.string(),
  code: z.string(),
  type: voucherType,
  value: z.number().min(0),
  usage_type: usageType,
  current_balance: dollars.nullable(),
  original_balance: dollars.nullable(),
  status: z.string(),
});
export type CustomerVoucherResponse = z.infer<typeof customerVoucherResponse>;

export const customerVouchersResponse = z.object({ vouchers: z.array(customerVoucherResponse), email_verified: z.boolean() });
export type CustomerVouchersResponse = z.infer<typeof customerVouchersResponse>;

// POST /api/validate-discount (docs/product.md §3 "Discount validation result").
export const discountValidationResponse = z.object({
  valid: z.boolean(),
  code: z.string(),
  /** The total after the discount; the discount itself when no subtotal was given. */
  value: dollars,
  discount: dollars,
  description: z.string(),
  message: z.string(),
  /** Present (true) when the code counts uses per customer or is for new customers only and a guest gave no email yet: checkout needs one. */
  needs_email: z.literal(true).optional(),
});
export type DiscountValidationResponse = z.infer<typeof discountValidationResponse>;
