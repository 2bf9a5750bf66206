import { describe, expect, it } from 'vitest';
import { describeVoucher, isGiftCard, normalizeCode, voucherDiscountCents, voucherProblem, type VoucherRules } from '@/lib/domain/vouchers/rules';

const now = new Date('2026-11-21T10:00:00Z');
const base: VoucherRules = {
  code: 'SAVE-TEST',
  type: 'percentage',
  usageType: 'reusable',
  valueCents: null,
  valueBasisPoints: 1000,
  currentBalanceCents: null,
  status: 'active',
  expiresAt: null,
};
const percent = (basisPoints: number, over: Partial<VoucherRules> = {}): VoucherRules => ({ ...base, valueBasisPoints: basisPoints, ...over });
const fixed = (cents: number, over: Partial<VoucherRules> = {}): VoucherRules => ({
  ...base,
  type: 'fixed_amount',
  usageType: 'one_time',
  valueBasisPoints: null,
  valueCents: cents,
  ...over,
});
const giftCard = (balanceCents: number, over: Partial<VoucherRules> = {}): VoucherRules => ({
  ...base,
  type: 'fixed_amount',
  usageType: 'reusable',
  valueBasisPoints: null,
  valueCents: 5000,
  currentBalanceCents: balanceCents,
  ...over,
});

describe('voucher discount', () => {
  it('takes a percentage off the subtotal', () => {
    expect(voucherDiscountCents(percent(1000), 2500)).toBe(250);
    expect(voucherDiscountCents(percent(1050), 2000)).toBe(210);
    expect(voucherDiscountCents(percent(10_000), 1234)).toBe(1234);
  });

  it('rounds odd percentages to the nearest cent', () => {
    // 33.33 % of 9.99 = 3.329667 → 3.33
    expect(voucherDiscountCents(percent(3333), 999)).toBe(333);
    // 12.5 % of 0.99 = 0.12375 → 0.12
    expect(voucherDiscountCents(percent(1250), 99)).toBe(12);
    // exactly half a cent rounds up: 50 % of 0.01
    expect(voucherDiscountCents(percent(5000), 1)).toBe(1);
    // 0.01 % of 1.00 is a hundredth of a cent: nothing
    expect(voucherDiscountCents(percent(1), 100)).toBe(0);
  });

  it('takes a fixed amount off, never more than the subtotal', () => {
    expect(voucherDiscountCents(fixed(500), 2000)).toBe(500);
    expect(voucherDiscountCents(fixed(500), 300)).toBe(300);
    expect(voucherDiscountCents(fixed(500), 0)).toBe(0);
  });

  it('draws a gift card down by at most its balance and at most the subtotal', () => {
    expect(voucherDiscountCents(giftCard(1500), 1000)).toBe(1000);
    expect(voucherDiscountCents(giftCard(700), 1000)).toBe(700);
    // The gift card's face value is not what it can pay: its remaining balance is.
    expect(voucherDiscountCents(giftCard(0, { valueCents: 5000 }), 1000)).toBe(0);
  });

  it('never goes below 0 or above the subtotal, whatever the stored values', () => {
    expect(voucherDiscountCents(percent(-500), 1000)).toBe(0);
    expect(voucherDiscountCents(percent(25_000), 1000)).toBe(1000);
    expect(voucherDiscountCents(percent(0, { valueBasisPoints: null }), 1000)).toBe(0);
    expect(voucherDiscountCents(fixed(-300), 1000)).toBe(0);
    expect(voucherDiscountCents(fixed(0, { valueCents: null }), 1000)).toBe(0);
    expect(voucherDiscountCents(giftCard(-50), 1000)).toBe(0);
    expect(voucherDiscountCents(giftCard(0, { currentBalanceCents: null }), 1000)).toBe(0);
    expect(voucherDiscountCents(fixed(500), -100)).toBe(0);
  });
});

describe('voucher description', () => {
  it('names a percentage without trailing zeros', () => {
    expect(describeVoucher(percent(1000))).toBe('10% off');
    expect(describeVoucher(percent(1050))).toBe('10.5% off');
    expect(describeVoucher(percent(3333))).toBe('33.33% off');
    expect(describeVoucher(percent(1005))).toBe('10.05% off');
    expect(describeVoucher(percent(10))).toBe('0.1% off');
    expect(describeVoucher(percent(10_000))).toBe('100% off');
  });

  it('names a fixed amount and a gift card balance in AUD', () => {
    expect(describeVoucher(fixed(500))).toBe('5.00 AUD off');
    expect(describeVoucher(fixed(1999))).toBe('19.99 AUD off');
    expect(describeVoucher(giftCard(2550))).toBe('Gift card: 25.50 AUD balance');
  });
});

describe('voucher usability', () => {
  it('accepts an active, unexpired voucher', () => {
    expect(voucherProblem(percent(1000), now)).toBeNull();
    expect(voucherProblem(fixed(500, { expiresAt: new Date('2026-11-21T10:00:01Z') }), now)).toBeNull();
    expect(voucherProblem(giftCard(1), now)).toBeNull();
  });

  it('refuses a disabled, expired or spent voucher with a message for the shopper', () => {
    expect(voucherProblem(percent(1000, { status: 'disabled' }), now)).toBe('This discount code has been disabled');
    expect(voucherProblem(percent(1000, { expiresAt: now }), now)).toBe('This discount code has expired');
    expect(voucherProblem(fixed(500, { status: 'used' }), now)).toBe('This discount code has already been used');
    expect(voucherProblem(giftCard(0), now)).toBe('This gift card has no balance left');
    expect(voucherProblem(giftCard(500, { status: 'used' }), now)).toBe('This gift card has no balance left');
  });

  it('treats only a reusable fixed amount as a gift card', () => {
    expect(isGiftCard(giftCard(100))).toBe(true);
    expect(isGiftCard(fixed(100))).toBe(false);
    expect(isGiftCard(percent(100))).toBe(false);
    expect(isGiftCard(percent(100, { usageType: 'one_time' }))).toBe(false);
  });

  it('compares codes upper-case without surrounding spaces', () => {
    expect(normalizeCode('  save-10 ')).toBe('SAVE-10');
  });
});
