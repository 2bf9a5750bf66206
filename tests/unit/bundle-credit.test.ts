// The bundle credit rule (Decision 094): the floor and its rounding, what a
// paid line counts, and how the credit sits with tiers, a sale, a membership,
// an upgrade and a discount in a priced cart.
import { describe, expect, it } from 'vitest';
import { creditedPrice, floorCents, paidOnLine } from '@/lib/domain/bundle-credit/rules';
import { priceCart, type PricedProduct } from '@/lib/domain/checkout/pricing';
import type { VoucherRules } from '@/lib/domain/vouchers/rules';
import { bundleCreditText } from '@/lib/format';

const now = new Date('2026-11-27T10:00:00Z');
const hour = 3_600_000;

const bundle = (priceCents: number, creditCents: number, over: Partial<PricedProduct> = {}): PricedProduct => ({
  id: 'bundle',
  title: 'Big Bundle',
  isBundle: true,
  priceCents,
  onSale: false,
  salePriceCents: null,
  saleStart: null,
  saleEnd: null,
  bundleCredit: { creditCents, floorPercent: 20 },
  ...over,
});

const licence = (effectiveCents: number, over: Partial<NonNullable<PricedProduct['licence']>> = {}) => ({
  tierId: 'commercial',
  key: 'commercial',
  name: 'Commercial',
  termsVersion: 1,
  upgradeOfId: null,
  effectiveCents,
  paidCents: 0,
  memberAllowanceCents: null,
  ...over,
});

const tenPercent: VoucherRules = {
  code: 'TEN',
  type: 'percentage',
  usageType: 'reusable',
  valueCents: null,
  valueBasisPoints: 1000,
  currentBalanceCents: null,
  status: 'active',
  expiresAt: null,
};

describe('the credited price of a bundle', () => {
  it('is the price less the credit while that stays above the floor', () => {
    expect(creditedPrice(3000, 1800, 20)).toEqual({ priceCents: 1200, bundleCreditCents: 1800 });
  });

  it('stops at the floor, and the credit used is only what the floor allows', () => {
    expect(creditedPrice(3000, 2900, 20)).toEqual({ priceCents: 600, bundleCreditCents: 2400 });
    expect(creditedPrice(3000, 2900, 0)).toEqual({ priceCents: 100, bundleCreditCents: 2900 });
    expect(creditedPrice(3000, 99_999, 0)).toEqual({ priceCents: 0, bundleCreditCents: 3000 });
  });

  it('rounds the floor to the whole cent, half up', () => {
    expect(floorCents(1999, 20)).toBe(400); // 399.8
    expect(floorCents(1997, 20)).toBe(399); // 399.4
    expect(floorCents(1234, 15)).toBe(185); // 185.1
    expect(creditedPrice(1999, 5000, 20)).toEqual({ priceCents: 400, bundleCreditCents: 1599 });
  });

  it('changes nothing without credit, and never raises a price', () => {
    expect(creditedPrice(3000, 0, 20)).toEqual({ priceCents: 3000, bundleCreditCents: 0 });
    expect(creditedPrice(3000, -50, 20)).toEqual({ priceCents: 3000, bundleCreditCents: 0 });
    expect(creditedPrice(0, 500, 20)).toEqual({ priceCents: 0, bundleCreditCents: 0 });
  });
});

describe('what a paid line counts towards credit', () => {
  it('is its price less a membership share and a discount share', () => {
    expect(paidOnLine({ priceCents: 1000, memberDiscountCents: 0, discountCents: 0 })).toBe(1000);
    expect(paidOnLine({ priceCents: 1000, memberDiscountCents: 0, discountCents: 250 })).toBe(750);
    expect(paidOnLine({ priceCents: 2000, memberDiscountCents: 1000, discountCents: 0 })).toBe(1000);
    expect(paidOnLine({ priceCents: 1000, memberDiscountCents: 1000, discountCents: 0 })).toBe(0);
  });
});

describe('a credited bundle in a priced cart', () => {
  it('is charged the credited price and carries the credit on its line', () => {
    const pricing = priceCart([bundle(3000, 1000)], { now });
    expect(pricing.lines[0]).toMatchObject({ priceCents: 2000, bundleCreditCents: 1000 });
    expect(pricing).toMatchObject({ subtotalCents: 2000, totalCents: 2000 });
  });

  it('takes the credit off the sale price, with the floor a share of the sale price', () => {
    const sale = { onSale: true, salePriceCents: 2000, saleStart: new Date(now.getTime() - hour), saleEnd: new Date(now.getTime() + hour) };
    expect(priceCart([bundle(3000, 1000, sale)], { now }).lines[0]).toMatchObject({ priceCents: 1000, bundleCreditCents: 1000 });
    expect(priceCart([bundle(3000, 5000, sale)], { now }).lines[0]).toMatchObject({ priceCents: 400, bundleCreditCents: 1600 });
  });

  it("takes the credit off the chosen tier's price", () => {
    const line = priceCart([bundle(3000, 1000, { licence: licence(6000) })], { now }).lines[0];
    expect(line).toMatchObject({ priceCents: 5000, bundleCreditCents: 1000 });
  });

  it('gives no credit to an upgrade of a bundle licence, which is priced on what the licence cost', () => {
    const upgrade = licence(15_000, { key: 'extended', upgradeOfId: 'LIC-1', paidCents: 6000 });
    expect(priceCart([bundle(3000, 1000, { licence: upgrade })], { now }).lines[0]).toMatchObject({ priceCents: 9000, bundleCreditCents: 0 });
  });

  it('gives no credit to an item that is not a bundle', () => {
    expect(priceCart([bundle(3000, 1000, { isBundle: false })], { now }).lines[0]).toMatchObject({ priceCents: 3000, bundleCreditCents: 0 });
  });

  it('lets a membership cover its allowance of what is left after the credit', () => {
    const line = priceCart([bundle(3000, 1000, { licence: licence(6000, { memberAllowanceCents: 3000 }) })], { now, member: true }).lines[0];
    expect(line).toMatchObject({ priceCents: 5000, bundleCreditCents: 1000, memberDiscountCents: 3000 });
  });

  it('applies a voucher or discount after the credit, on the credited price', () => {
    const pricing = priceCart([bundle(3000, 1000), { ...bundle(500, 0), id: 'other', isBundle: false }], { now, voucher: tenPercent });
    expect(pricing).toMatchObject({ subtotalCents: 2500, discountCents: 250, totalCents: 2250, lineDiscountCents: [200, 50] });
  });
});

describe('the offer shown to the customer', () => {
  it('names how many they own and the price, in AUD', () => {
    expect(bundleCreditText(3, 8, 2450)).toBe('You own 3 of 8: pay 24.50 AUD');
  });
});
