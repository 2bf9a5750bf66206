import { describe, expect, it } from 'vitest';
import { effectivePriceCents, isSaleActive, nextPriceChange, priceDisplay, type PriceFields } from '@/lib/domain/pricing';
import { formatAud, salePercent } from '@/lib/format';

const now = new Date('2026-11-21T10:00:00Z');
const base: PriceFields = { priceCents: 1000, onSale: false, salePriceCents: null, saleStart: null, saleEnd: null };
const sale = (over: Partial<PriceFields>): PriceFields => ({ ...base, onSale: true, salePriceCents: 750, ...over });

describe('sale rules', () => {
  it('uses the regular price when not on sale', () => {
    expect(effectivePriceCents(base, now)).toBe(1000);
    expect(priceDisplay(base, now)).toEqual({ priceCents: 1000, regularPriceCents: 1000, onSale: false, salePercent: 0 });
  });

  it('uses the sale price inside an open-ended sale', () => {
    expect(effectivePriceCents(sale({}), now)).toBe(750);
    expect(priceDisplay(sale({}), now)).toEqual({ priceCents: 750, regularPriceCents: 1000, onSale: true, salePercent: 25 });
  });

  it('ignores a sale before it starts and after it ends', () => {
    expect(isSaleActive(sale({ saleStart: '2026-11-22T00:00:00Z' }), now)).toBe(false);
    expect(isSaleActive(sale({ saleEnd: '2026-11-21T10:00:00Z' }), now)).toBe(false);
    expect(isSaleActive(sale({ saleStart: '2026-11-20T00:00:00Z', saleEnd: '2026-11-21T10:00:01Z' }), now)).toBe(true);
  });

  it('ignores an on-sale flag without a sale price, or with one not below the price', () => {
    expect(isSaleActive(sale({ salePriceCents: null }), now)).toBe(false);
    expect(isSaleActive(sale({ salePriceCents: 1000 }), now)).toBe(false);
    expect(isSaleActive(sale({ salePriceCents: 1200 }), now)).toBe(false);
    expect(isSaleActive(sale({ salePriceCents: -1 }), now)).toBe(false);
  });

  it('allows a free sale price of 0', () => {
    expect(effectivePriceCents(sale({ salePriceCents: 0 }), now)).toBe(0);
    expect(priceDisplay(sale({ salePriceCents: 0 }), now).salePercent).toBe(100);
  });

  it('finds the next moment a displayed price changes', () => {
    const items = [sale({ saleStart: '2026-11-25T00:00:00Z', saleEnd: '2026-11-30T00:00:00Z' }), sale({ saleEnd: '2026-11-23T00:00:00Z' }), base];
    expect(nextPriceChange(items, now)?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextPriceChange([base], now)).toBeNull();
  });
});

describe('sale badge percentage', () => {
  it('is the rounded value of 1 − sale/price', () => {
    expect(salePercent(1000, 750)).toBe(25);
    expect(salePercent(999, 666)).toBe(33);
    expect(salePercent(300, 199)).toBe(34);
    expect(salePercent(1550, 1000)).toBe(35);
  });

  it('is 0 for a zero price rather than dividing by zero', () => {
    expect(salePercent(0, 0)).toBe(0);
  });
});

describe('money display', () => {
  it('shows 2 decimals followed by AUD', () => {
    expect(formatAud(1250)).toBe('12.50 AUD');
    expect(formatAud(0)).toBe('0.00 AUD');
    expect(formatAud(123456)).toBe('1234.56 AUD');
  });
});

describe('shop days', () => {
  it('starts a Sydney day at the right instant in summer and winter time', async () => {
    const { zonedDayStart, nextDay } = await import('@/lib/format');
    expect(zonedDayStart('2026-11-22').toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(zonedDayStart('2026-07-01').toISOString()).toBe('2026-06-30T14:00:00.000Z');
    expect(zonedDayStart('2026-10-04').toISOString()).toBe('2026-10-03T14:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
