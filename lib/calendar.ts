// The shop's calendar (Australia/Sydney) for the back office's figures: days
// as YYYY-MM-DD strings, so a day is the same on the server, in the browser
// and in Postgres (a `date`) whatever their own zones. Weeks start on Monday;
// quarters are the calendar quarters of the BAS; the financial year runs
// 1 July to 30 June. Browser-safe.
import { SHOP_TIME_ZONE } from './shop';

export type Day = string;
export type DayRange = { from: Day; to: Day };

export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

export const PRESETS = ['today', '7d', '30d', 'quarter', 'fy'] as const;
export type Preset = (typeof PRESETS)[number];

const DAY_MS = 86_400_000;
// en-CA writes dates as YYYY-MM-DD.
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const utc = (day: Day) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);
const parts = (day: Day) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });
const firstOf = (year: number, month: number): Day => fromUtc(Date.UTC(year, month - 1, 1));

/** The shop's calendar day at an instant. */
export const shopDay = (at: Date = new Date()): Day => dayFormat.format(at);

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(utc(value)) && fromUtc(utc(value)) === value;

export const addDays = (day: Day, days: number): Day => fromUtc(utc(day) + days * DAY_MS);

/** Days from `from` to `to`, both counted: 1 for a single day. */
export const dayCount = ({ from, to }: DayRange) => Math.round((utc(to) - utc(from)) / DAY_MS) + 1;

export const monthStart = (day: Day): Day => `${day.slice(0, 7)}-01`;

export function addMonths(day: Day, months: number): Day {
  const { year, month } = parts(day);
  return firstOf(year, month + months);
}

/**
 * The whole calendar months inside the range, as [first, end) month starts;
 * the range's other days are before `first` or from `end` on. No whole month:
 * first = end = the day after the range.
 */
export function wholeMonths({ from, to }: DayRange): { first: Day; end: Day } {
  const first = monthStart(from) === from ? from : addMonths(from, 1);
  const end = monthStart(addDays(to, 1));
  return first < end ? { first, end } : { first: addDays(to, 1), end: addDays(to, 1) };
}

/** The Monday of the day's week. */
export const weekStart = (day: Day): Day => addDays(day, -((new Date(utc(day)).getUTCDay() + 6) % 7));

export const bucketStart = (day: Day, interval: Interval): Day => (interval === 'day' ? day : interval === 'week' ? weekStart(day) : monthStart(day));

const nextBucket = (start: Day, interval: Interval): Day =>
  interval === 'day' ? addDays(start, 1) : interval === 'week' ? addDays(start, 7) : addMonths(start, 1);

/** The range cut into days, weeks or months; the first and last keep only the range's own days. */
export function buckets({ from, to }: DayRange, interval: Interval): DayRange[] {
  const out: DayRange[] = [];
  for (let start = bucketStart(from, interval); start <= to; start = nextBucket(start, interval)) {
    const end = addDays(nextBucket(start, interval), -1);
    out.push({ from: start < from ? from : start, to: end > to ? to : end });
  }
  return out;
}

/** The calendar quarter holding the day (BAS quarters: Jul–Sep, Oct–Dec, Jan–Mar, Apr–Jun). */
export function quarterOf(day: Day): DayRange {
  const { year, month } = parts(day);
  const first = firstOf(year, month - ((month - 1) % 3));
  return { from: first, to: addDays(addMonths(first, 3), -1) };
}

/** The Australian financial year holding the day: 1 July to 30 June. */
export function financialYearOf(day: Day): DayRange {
  const { year, month } = parts(day);
  const start = month >= 7 ? year : year - 1;
  return { from: `${start}-07-01`, to: `${start + 1}-06-30` };
}

/** Every quarter the range touches, each whole. */
export function quartersOf({ from, to }: DayRange): DayRange[] {
  const out: DayRange[] = [];
  for (let quarter = quarterOf(from); quarter.from <= to; quarter = quarterOf(addDays(quarter.to, 1))) out.push(quarter);
  return out;
}

/** "Jul–Sep 2026". */
export function quarterLabel({ from }: DayRange): string {
  const { year, month } = parts(from);
  return `${MONTHS[month - 1]}–${MONTHS[month + 1]} ${year}`;
}

/** "Jul 2026". */
export const monthLabel = (day: Day) => `${MONTHS[parts(day).month - 1]} ${parts(day).year}`;

/** The range a preset means on `today`: the quarter and the financial year run to today. */
export function presetRange(preset: Preset, today: Day = shopDay()): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'quarter':
      return { from: quarterOf(today).from, to: today };
    case 'fy':
      return { from: financialYearOf(today).from, to: today };
  }
}
