// The shop's calendar for Insights (lib/calendar.ts): Sydney days across
// daylight saving, the Australian financial year and BAS quarters, presets,
// and cutting a range into days, weeks (Monday first) and months.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  buckets,
  dayCount,
  financialYearOf,
  isDay,
  monthLabel,
  presetRange,
  quarterLabel,
  quarterOf,
  quartersOf,
  shopDay,
  weekStart,
  wholeMonths,
} from '@/lib/calendar';
import { zonedDayStart } from '@/lib/format';

describe('Sydney days', () => {
  it('puts an instant on the day Sydney is living, not the UTC date', () => {
    // 23:59:30 on 31 March in Sydney (AEDT, UTC+11) is still 31 March; 00:00:30 is 1 April.
    expect(shopDay(new Date('2026-03-31T12:59:30Z'))).toBe('2026-03-31');
    expect(shopDay(new Date('2026-03-31T13:00:30Z'))).toBe('2026-04-01');
    // In winter (AEST, UTC+10) the day starts an hour later in UTC.
    expect(shopDay(new Date('2026-06-30T13:59:59Z'))).toBe('2026-06-30');
    expect(shopDay(new Date('2026-06-30T14:00:00Z'))).toBe('2026-07-01');
  });

  it('keeps both 2:30 am of the night daylight saving ends on the same day, and starts days at Sydney midnight', () => {
    // Clocks go back from 3:00 AEDT to 2:00 AEST on Sunday 5 April 2026: 2:30 happens twice.
    expect(shopDay(new Date('2026-04-04T15:30:00Z'))).toBe('2026-04-05');
    expect(shopDay(new Date('2026-04-04T16:30:00Z'))).toBe('2026-04-05');
    expect(zonedDayStart('2026-04-05').toISOString()).toBe('2026-04-04T13:00:00.000Z');
    expect(zonedDayStart('2026-04-06').toISOString()).toBe('2026-04-05T14:00:00.000Z');
    // Spring forward on Sunday 4 October 2026: a 23-hour day.
    expect(zonedDayStart('2026-10-04').toISOString()).toBe('2026-10-03T14:00:00.000Z');
    expect(zonedDayStart('2026-10-05').toISOString()).toBe('2026-10-04T13:00:00.000Z');
    expect(shopDay(new Date('2026-10-04T13:00:00Z'))).toBe('2026-10-05');
  });

  it('reads only real days written YYYY-MM-DD', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('1/7/2026')).toBe(false);
    expect(isDay('2026-7-1')).toBe(false);
    expect(dayCount({ from: '2026-07-01', to: '2026-07-01' })).toBe(1);
    expect(dayCount({ from: '2027-07-01', to: '2028-06-30' })).toBe(366);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('financial years and quarters', () => {
  it('runs the financial year from 1 July to 30 June', () => {
    expect(financialYearOf('2026-06-30')).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(financialYearOf('2026-07-01')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(financialYearOf('2027-01-15')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
  });

  it('cuts the year into the BAS quarters, each whole, with its name', () => {
    expect(quarterOf('2026-02-28')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterOf('2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(quarterOf('2026-09-30')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(quarterOf('2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(quartersOf({ from: '2026-06-30', to: '2026-07-01' }).map(quarterLabel)).toEqual(['Apr–Jun 2026', 'Jul–Sep 2026']);
    expect(quartersOf(financialYearOf('2026-08-01')).map(quarterLabel)).toEqual(['Jul–Sep 2026', 'Oct–Dec 2026', 'Jan–Mar 2027', 'Apr–Jun 2027']);
    expect(monthLabel('2026-07-01')).toBe('Jul 2026');
  });

  it('turns each preset into its days on a given today', () => {
    const today = '2026-08-15';
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('7d', today)).toEqual({ from: '2026-08-09', to: today });
    expect(presetRange('30d', today)).toEqual({ from: '2026-07-17', to: today });
    expect(presetRange('quarter', today)).toEqual({ from: '2026-07-01', to: today });
    expect(presetRange('fy', today)).toEqual({ from: '2026-07-01', to: today });
    expect(presetRange('fy', '2027-03-02')).toEqual({ from: '2026-07-01', to: '2027-03-02' });
    expect(dayCount(presetRange('30d', today))).toBe(30);
  });
});

describe('intervals', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2026-07-01')).toBe('2026-06-29');
    expect(weekStart('2026-06-29')).toBe('2026-06-29');
    expect(weekStart('2026-07-05')).toBe('2026-06-29');
  });

  it('cuts a range into periods that cover each of its days exactly once', () => {
    const range = { from: '2026-07-01', to: '2026-09-14' };
    for (const interval of ['day', 'week', 'month'] as const) {
      const periods = buckets(range, interval);
      expect(periods[0].from).toBe(range.from);
      expect(periods[periods.length - 1].to).toBe(range.to);
      periods.slice(1).forEach((p, i) => expect(p.from).toBe(addDays(periods[i].to, 1)));
      expect(periods.reduce((n, p) => n + dayCount(p), 0)).toBe(dayCount(range));
    }
    expect(buckets(range, 'day')).toHaveLength(76);
    expect(buckets(range, 'week').slice(0, 2)).toEqual([
      { from: '2026-07-01', to: '2026-07-05' },
      { from: '2026-07-06', to: '2026-07-12' },
    ]);
    expect(buckets(range, 'month')).toEqual([
      { from: '2026-07-01', to: '2026-07-31' },
      { from: '2026-08-01', to: '2026-08-31' },
      { from: '2026-09-01', to: '2026-09-14' },
    ]);
    expect(buckets({ from: '2026-01-31', to: '2026-03-01' }, 'month').map((p) => p.from)).toEqual(['2026-01-31', '2026-02-01', '2026-03-01']);
  });

  it('finds the whole months a ranking reads by month, leaving the edges to days', () => {
    expect(wholeMonths({ from: '2025-07-01', to: '2026-06-30' })).toEqual({ first: '2025-07-01', end: '2026-07-01' });
    expect(wholeMonths({ from: '2026-03-17', to: '2026-06-12' })).toEqual({ first: '2026-04-01', end: '2026-06-01' });
    expect(wholeMonths({ from: '2026-03-02', to: '2026-03-31' })).toEqual({ first: '2026-04-01', end: '2026-04-01' });
    expect(wholeMonths({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ first: '2026-03-01', end: '2026-04-01' });
    expect(wholeMonths({ from: '2026-03-05', to: '2026-04-20' })).toEqual({ first: '2026-04-21', end: '2026-04-21' });
  });
});
