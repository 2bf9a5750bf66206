import { describe, expect, it } from 'vitest';
import { priceViewFromDollars } from '@/components/ui/price';
import { buttonClass } from '@/components/ui/button';
import { formatAmount, formatAud, formatDateTime, formatDollars, formatMoney, timeRemaining, toLocalInput } from '@/lib/format';

const HOUR = 60 * 60 * 1000;

describe('display formats', () => {
  it('a sale shows days while more than 24 hours remain, then hours (SPEC §4)', () => {
    const now = Date.parse('2026-11-21T00:00:00Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(timeRemaining(at(3 * 24 * HOUR), now)).toBe('3 days left');
    expect(timeRemaining(at(24 * HOUR + 1), now)).toBe('1 day left');
    expect(timeRemaining(at(24 * HOUR), now)).toBe('24 hours left');
    expect(timeRemaining(at(HOUR / 2), now)).toBe('1 hour left');
    expect(timeRemaining(at(0), now)).toBe('Ended');
    expect(timeRemaining(null, now)).toBe('No end date');
  });

  it('dates and times are Australian English in the shop time zone', () => {
    // 14:30 UTC is 01:30 the next morning in Sydney (daylight saving).
    expect(formatDateTime('2026-11-21T14:30:00Z')).toBe('22/11/2026, 01:30 am');
  });

  it('a datetime-local value is the local wall-clock time to the minute', () => {
    const date = new Date(2026, 10, 21, 9, 5, 42);
    expect(toLocalInput(date)).toBe('2026-11-21T09:05');
  });

  it('the back office prices from API dollars in whole cents, the sale beside the regular price', () => {
    expect(priceViewFromDollars(12.5, null, false)).toEqual({ priceCents: 1250, regularPriceCents: 1250, onSale: false, salePercent: 0 });
    expect(priceViewFromDollars(20, 15, true)).toEqual({ priceCents: 1500, regularPriceCents: 2000, onSale: true, salePercent: 25 });
    // A sale price on a product not on sale is not shown as a sale.
    expect(priceViewFromDollars(20, 15, false).onSale).toBe(false);
    expect(formatAud(priceViewFromDollars(0.1 + 0.2, null, false).priceCents)).toBe('0.30 AUD');
  });

  it('money is whole cents shown with 2 decimals and its currency code; headline prices drop zero cents', () => {
    expect(formatAud(1250)).toBe('12.50 AUD');
    expect(formatMoney(0, 'aud')).toBe('0.00 AUD');
    expect(formatMoney(123456, 'usd')).toBe('1234.56 USD');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatDollars(3500)).toBe('$35');
    expect(formatDollars(29900)).toBe('$299');
    expect(formatDollars(3550)).toBe('$35.50');
  });

  it('buttons are the kit classes of their variant and size', () => {
    expect(buttonClass()).toBe('btn btn-primary btn-md');
    expect(buttonClass({ variant: 'danger', size: 'sm', className: 'mt-2' })).toBe('btn btn-danger btn-sm mt-2');
  });
});
