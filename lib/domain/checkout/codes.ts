// A code typed in the cart is a gift voucher's or a discount code's: one
// namespace, since the owner cannot make a discount code a voucher already has.
import 'server-only';
import { findDiscountCode, type DiscountCode } from '@/lib/domain/discounts';
import { findVoucher, type Voucher } from '@/lib/domain/vouchers';

export type AppliedCode = { kind: 'voucher'; voucher: Voucher } | { kind: 'discount'; discount: DiscountCode };

export async function findAppliedCode(code: string): Promise<AppliedCode | null> {
  const voucher = await findVoucher(code);
  if (voucher) return { kind: 'voucher', voucher };
  const discount = await findDiscountCode(code);
  return discount ? { kind: 'discount', discount } : null;
}
