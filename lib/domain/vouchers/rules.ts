// Voucher arithmetic (docs/product.md §3 Voucher): pure, in whole cents.
//   percentage  — valueBasisPoints off the subtotal (10.5 % = 1050)
//   fixed_amount, one_time  — up to valueCents off one order; the rest is forfeited
//   fixed_amount, reusable  — a gift card: each order draws currentBalanceCents down to 0
import { formatAud } from '@/lib/format';

export type VoucherRules = {
  code: string;
  type: 'percentage' | 'fixed_amount';
  usageType: 'reusable' | 'one_time';
  valueCents: number | null;
  valueBasisPoints: number | null;
  currentBalanceCents: number | null;
  status: string;
  expiresAt: Date | null;
};

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isGiftCard(v: Pick<VoucherRules, 'type' | 'usageType'>): boolean {
  return v.type === 'fixed_amount' && v.usageType === 'reusable';
}

export const DISABLED_MESSAGE = 'This discount code has been disabled';

/** Why this voucher cannot be used now, in words for the shopper; null when usable. */
export function voucherProblem(v: VoucherRules, now: Date = new Date()): string | null {
  if (v.status === 'disabled') return DISABLED_MESSAGE;
  if (v.expiresAt && v.expiresAt.getTime() <= now.getTime()) return 'This discount code has expired';
  if (isGiftCard(v)) {
    if (v.status !== 'active' || (v.currentBalanceCents ?? 0) <= 0) return 'This gift card has no balance left';
    return null;
  }
  if (v.status !== 'active') return 'This discount code has already been used';
  return null;
}

/** The discount on `subtotalCents`: never negative, never more than the subtotal. */
export function voucherDiscountCents(v: VoucherRules, subtotalCents: number): number {
  const subtotal = Math.max(0, Math.round(subtotalCents));
  let discount: number;
  if (v.type === 'percentage') {
    discount = Math.round((subtotal * Math.min(Math.max(v.valueBasisPoints ?? 0, 0), 10_000)) / 10_000);
  } else if (isGiftCard(v)) {
    discount = Math.max(0, v.currentBalanceCents ?? 0);
  } else {
    discount = Math.max(0, v.valueCents ?? 0);
  }
  return Math.min(discount, subtotal);
}

export function describeVoucher(v: VoucherRules): string {
  if (v.type === 'percentage') return `${formatPercent(v.valueBasisPoints ?? 0)}% off`;
  if (isGiftCard(v)) return `Gift card: ${formatAud(v.currentBalanceCents ?? 0)} balance`;
  return `${formatAud(v.valueCents ?? 0)} off`;
}

/** 1250 basis points → "12.5"; 2000 → "20". */
export function formatPercent(basisPoints: number): string {
  const percent = basisPoints / 100;
  return Number.isInteger(percent) ? String(percent) : percent.toFixed(2).replace(/0$/, '');
}
