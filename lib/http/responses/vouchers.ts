import 'server-only';
import type { CustomerVoucherResponse, DiscountValidationResponse, VoucherResponse } from '@/lib/contract/vouchers';
import { describeVoucher, type DiscountValidation, type Voucher } from '@/lib/domain/vouchers';
import { centsToDollars } from '@/lib/format';
import { isoOrNull } from './dates';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/** A percentage voucher's value is its percent (basis points / 100); a fixed amount's, dollars. */
const voucherValue = (v: Voucher) => (v.type === 'percentage' ? (v.valueBasisPoints ?? 0) / 100 : centsToDollars(v.valueCents ?? 0));

export function toVoucherResponse(v: Voucher): VoucherResponse {
  return {
    id: v.id,
    code: v.code,
    customer_email: v.customerEmail,
    type: v.type,
    value: voucherValue(v),
    usage_type: v.usageType,
    original_balance: dollarsOrNull(v.originalBalanceCents),
    current_balance: dollarsOrNull(v.currentBalanceCents),
    status: v.status,
    notes: v.notes,
    created_at: v.createdAt.toISOString(),
    used_at: isoOrNull(v.usedAt),
    description: describeVoucher(v),
  };
}

export function toCustomerVoucherResponse(v: Voucher): CustomerVoucherResponse {
  return {
    id: v.id,
    code: v.code,
    type: v.type,
    value: voucherValue(v),
    usage_type: v.usageType,
    current_balance: dollarsOrNull(v.currentBalanceCents),
    original_balance: dollarsOrNull(v.originalBalanceCents),
    status: v.status,
  };
}

export function toDiscountValidationResponse(d: DiscountValidation): DiscountValidationResponse {
  return {
    valid: d.valid,
    code: d.code,
    value: centsToDollars(d.valueCents),
    discount: centsToDollars(d.discountCents),
    description: d.description,
    message: d.message,
    ...(d.needsEmail ? { needs_email: true as const } : {}),
  };
}
