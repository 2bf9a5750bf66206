// Formatting shared by server and browser code: money arrives in integer cents.

/** "12.50 AUD": 2 decimals followed by ' AUD' (SPEC §9). */
export function formatAud(cents: number): string {
  return `${(cents / 100).toFixed(2)} AUD`;
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
const dateFormat = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: 'numeric' });

/** Australian English date, e.g. 21/11/2026. */
export function formatDate(value: string | Date): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value);
}

/** SALE percentage: the rounded value of 1 − sale price / price (SPEC §9). */
export function salePercent(priceCents: number, salePriceCents: number): number {
  if (priceCents <= 0) return 0;
  return Math.round((1 - salePriceCents / priceCents) * 100);
}
