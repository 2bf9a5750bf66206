// Formatting shared by server and browser code: money arrives in integer cents.
import { SHOP_TIME_ZONE } from './shop';

/** "12.50": whole cents as a decimal amount with 2 places (also what schema.org's price wants). */
export function formatAmount(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

/** "12.50 AUD": 2 decimals followed by the currency code (docs/product.md §9). */
export function formatMoney(cents: number, currency: string): string {
  return `${formatAmount(cents)} ${currency.toUpperCase()}`;
}

/** "12.50 AUD": 2 decimals followed by ' AUD' (docs/product.md §9). */
export function formatAud(cents: number): string {
  return formatMoney(cents, 'AUD');
}

/** "$35", "$35.50": a headline price, cents only when there are some (the membership plans). */
export function formatDollars(cents: number): string {
  const amount = Math.round(cents) / 100;
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

/** Whole cents to the dollar number the REST API speaks (1250 → 12.5). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollar number from the API or a form to whole cents, rounding half-cents away. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

// A fixed zone keeps server-rendered and hydrated dates identical.
const dateFormat = new Intl.DateTimeFormat('en-AU', { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** Australian English date, e.g. 21/11/2026. */
export function formatDate(value: string | Date): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value);
}

/** SALE percentage: the rounded value of 1 − sale price / price (docs/product.md §9). */
export function salePercent(priceCents: number, salePriceCents: number): number {
  if (priceCents <= 0) return 0;
  return Math.round((1 - salePriceCents / priceCents) * 100);
}

function offsetMinutes(at: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * The instant a wall-clock time (YYYY-MM-DDTHH:mm, as <input type="datetime-local"> gives it)
 * happens in the shop's time zone, daylight saving included. A time inside the hour skipped
 * in spring is read on the clock before the change (02:30 → 03:30); a time in the hour
 * repeated in autumn is its second, standard-time, occurrence.
 */
export function zonedDateTime(local: string, timeZone: string = SHOP_TIME_ZONE): Date {
  const asUtc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(asUtc)) throw new RangeError(`Not a date and time: ${local}`);
  const guess = new Date(asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000);
  // The offset at the guess can differ from the offset at the true instant on a switch day.
  return new Date(asUtc - offsetMinutes(guess, timeZone) * 60_000);
}

/** The instant a calendar day (YYYY-MM-DD) starts in the shop's time zone, daylight saving included. */
export function zonedDayStart(day: string, timeZone: string = SHOP_TIME_ZONE): Date {
  return zonedDateTime(`${day}T00:00`, timeZone);
}

const inputParts = new Map<string, Intl.DateTimeFormat>();

/** An instant as the shop's zone shows it, YYYY-MM-DDTHH:mm: the value of an <input type="datetime-local">. */
export function zonedInputValue(at: Date | string, timeZone: string = SHOP_TIME_ZONE): string {
  let format = inputParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    inputParts.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(typeof at === 'string' ? new Date(at) : at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The day after YYYY-MM-DD, as YYYY-MM-DD. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) of `at` in the shop's time zone. */
export function shopDay(at: Date): string {
  return dayFormat.format(at);
}

// Date and time with minutes, for the back office's logs and sales; the zone is fixed like formatDate's.
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Australian English date and time, e.g. 21/11/2026, 02:30 pm. */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
}

const HOUR_MS = 60 * 60 * 1000;

/** docs/product.md §4: a sale's time left in days while more than 24 hours remain, else in hours. */
export function timeRemaining(end: string | null, now: number = Date.now()): string {
  if (!end) return 'No end date';
  const ms = Date.parse(end) - now;
  if (ms <= 0) return 'Ended';
  if (ms > 24 * HOUR_MS) {
    const days = Math.round(ms / (24 * HOUR_MS));
    return `${days} day${days === 1 ? '' : 's'} left`;
  }
  const hours = Math.ceil(ms / HOUR_MS);
  return `${hours} hour${hours === 1 ? '' : 's'} left`;
}

/** A Date as the value of <input type="datetime-local">, in the zone of the machine running it (the admin's browser). */
export function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** How an order line and an invoice name a bundle's credit (Decision 094). */
export const BUNDLE_CREDIT_LABEL = 'Credit for items you own';

/** "You own 3 of 8: pay 24.00 AUD": a bundle's price for a customer who owns some of it (Decision 094). */
export function bundleCreditText(owned: number, total: number, priceCents: number): string {
  return `You own ${owned} of ${total}: pay ${formatAud(priceCents)}`;
}
