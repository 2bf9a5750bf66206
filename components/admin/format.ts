// Display helpers for the back office; the zone is fixed like lib/format.ts so every admin sees the same times.

const HOUR_MS = 60 * 60 * 1000;

const dateTimeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(value: string): string {
  return dateTimeFormat.format(new Date(value));
}

export const dollars = (amount: number) => `${amount.toFixed(2)} AUD`;

/** SPEC §4: days while more than 24 hours remain, else hours. */
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

/** A Date as the value of <input type="datetime-local">, in the browser's zone (what the admin typed it in). */
export function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
