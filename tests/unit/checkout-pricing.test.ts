import { describe, expect, it } from 'vitest';
import { priceCart, type PricedProduct } from '@/lib/domain/checkout/pricing';
import type { VoucherRules } from '@/lib/domain/vouchers/rules';

const now = new Date('2026-11-21T10:00:00Z');
const product = (id: string, priceCents: number, over: Partial<PricedProduct> = {}): PricedProduct => ({
  id,
  title: `Design ${id}`,
  isBundle: false,
  priceCents,
  onSale: false,
  salePriceCents: null,
  saleStart: null,
  saleEnd: null,
  ...over,
});
const onSale = (id: string, priceCents: number, salePriceCents: number, saleStart: string | null, saleEnd: string | null) =>
  product(id, priceCents, { onSale: true, salePriceCents, saleStart: saleStart ? new Date(saleStart) : null, saleEnd: saleEnd ? new Date(saleEnd) : null });
const voucher = (over: Partial<VoucherRules>): VoucherRules => ({
  code: 'TEST-CODE',
  type: 'percentage',
  usageType: 'reusable',
  valueCents: null,
  valueBasisPoints: null,
  currentBalanceCents: null,
  status: 'active',
  expiresAt: null,
  ...over,
});

describe('cart pricing', () => {
  it('adds regular prices in cents, one line per product in cart order', () => {
    const pricing = priceCart([product('a', 999), product('b', 1500, { isBundle: true, title: 'Big Bundle' })], { now });
    expect(pricing).toEqual({
      lines: [
        { productId: 'a', title: 'Design a', isBundle: false, priceCents: 999, bundleCreditCents: 0, memberDiscountCents: 0, licence: null },
        { productId: 'b', title: 'Big Bundle', isBundle: true, priceCents: 1500, bundleCreditCents: 0, memberDiscountCents: 0, licence: null },
      ],
      subtotalCents: 2499,
      discountCents: 0,
      discountLabel: null,
      totalCents: 2499,
    });
  });

  it('charges the sale price only inside the sale window', () => {
    const items = [
      onSale('inside', 1000, 700, '2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z'),
      onSale('open-ended', 1000, 600, null, null),
      onSale('not-yet', 1000, 500, '2026-11-21T10:00:01Z', null),
      onSale('ended', 1000, 400, null, '2026-11-21T10:00:00Z'),
      product('flag-off', 1000, { onSale: false, salePriceCents: 100 }),
    ];
    const pricing = priceCart(items, { now });
    expect(pricing.lines.map((l) => l.priceCents)).toEqual([700, 600, 1000, 1000, 1000]);
    expect(pricing.subtotalCents).toBe(4300);
    expect(pricing.totalCents).toBe(4300);
  });

  it('applies a percentage voucher to the sale-priced subtotal', () => {
    const items = [onSale('a', 2000, 1000, null, null), product('b', 1000)];
    const pricing = priceCart(items, { now, voucher: voucher({ code: 'TEN', valueBasisPoints: 1000 }) });
    expect(pricing.subtotalCents).toBe(2000);
    expect(pricing.discountCents).toBe(200);
    expect(pricing.totalCents).toBe(1800);
    expect(pricing.discountLabel).toBe('TEN: 10% off');
  });

  it('rounds an odd percentage to whole cents', () => {
    const pricing = priceCart([product('a', 999)], { now, voucher: voucher({ valueBasisPoints: 3333 }) });
    expect(pricing.discountCents).toBe(333);
    expect(pricing.totalCents).toBe(666);
    expect(Number.isInteger(pricing.totalCents)).toBe(true);
  });

  it('applies a fixed voucher, never beyond the subtotal', () => {
    const fiveOff = voucher({ code: 'FIVE', type: 'fixed_amount', usageType: 'one_time', valueCents: 500 });
    expect(priceCart([product('a', 1200)], { now, voucher: fiveOff })).toMatchObject({
      discountCents: 500,
      totalCents: 700,
      discountLabel: 'FIVE: 5.00 AUD off',
    });
    expect(priceCart([product('a', 300)], { now, voucher: fiveOff })).toMatchObject({ subtotalCents: 300, discountCents: 300, totalCents: 0 });
  });

  it('draws a gift card by its balance, leaving the rest to pay', () => {
    const card = voucher({ code: 'GIFT', type: 'fixed_amount', usageType: 'reusable', valueCents: 5000, currentBalanceCents: 750 });
    expect(priceCart([product('a', 1000)], { now, voucher: card })).toMatchObject({
      discountCents: 750,
      totalCents: 250,
      discountLabel: 'GIFT: Gift card: 7.50 AUD balance',
    });
    expect(priceCart([product('a', 500)], { now, voucher: card })).toMatchObject({ discountCents: 500, totalCents: 0 });
  });

  it('makes everything free for a member and ignores any voucher', () => {
    const pricing = priceCart([product('a', 1000), onSale('b', 900, 450, null, null)], { now, member: true, voucher: voucher({ valueBasisPoints: 1000 }) });
    expect(pricing).toMatchObject({ subtotalCents: 1450, discountCents: 1450, totalCents: 0, discountLabel: 'Member discount' });
  });

  it('never prices below 0, even with a voucher worth more than the cart', () => {
    const huge = voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 1_000_000 });
    const over = voucher({ valueBasisPoints: 50_000 });
    for (const v of [huge, over]) {
      const pricing = priceCart([product('a', 199), product('b', 1)], { now, voucher: v });
      expect(pricing.discountCents).toBe(200);
      expect(pricing.totalCents).toBe(0);
    }
  });

  it('prices a free sale item at 0 and an empty cart at 0', () => {
    expect(priceCart([onSale('a', 1000, 0, null, null)], { now }).totalCents).toBe(0);
    expect(priceCart([], { now, voucher: voucher({ valueBasisPoints: 1000 }) })).toMatchObject({ subtotalCents: 0, discountCents: 0, totalCents: 0 });
  });
});
