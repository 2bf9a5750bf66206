// Reading one cell of a products CSV as the value it stands for, or the reason
// it cannot (reported by row and column). Text cells follow docs/security.md N4:
// the export writes a cell that a spreadsheet would run as a formula with a
// leading apostrophe, and that apostrophe is taken off again here; a cell that
// starts a formula without it is refused, never stored or run. Pure.
import { MAX_IMPORT_MONEY_DOLLARS } from '@/lib/contract/exports';
import { TAG_SEPARATOR, TIER_OFF, type TierPrice } from '@/lib/domain/exports';

export type Cell<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Cell<T> => ({ ok: true, value });
const fail = <T>(message: string): Cell<T> => ({ ok: false, message });

const FORMULA_START = /^[=+\-@\t\r]/;
export const FORMULA_REFUSED = 'Starts like a spreadsheet formula (=, +, -, @, tab or carriage return): put an apostrophe before it to keep it as text';

/** Text as the owner meant it: the export's apostrophe taken off, an unguarded formula refused. */
export function textCell(raw: string): Cell<string> {
  if (raw.startsWith("'") && FORMULA_START.test(raw.slice(1))) return ok(raw.slice(1));
  if (FORMULA_START.test(raw)) return fail(FORMULA_REFUSED);
  return ok(raw);
}

const MONEY = /^\d{1,6}(?:\.\d{1,2})?$/;

/** Dollars with up to 2 decimals ("12.5", "12.50") to cents; "" only where `blank` says what it means. */
export function moneyCell(raw: string, blank?: null): Cell<number | null> {
  const text = raw.trim();
  if (text === '' && blank === null) return ok(null);
  if (!MONEY.test(text) || Number(text) > MAX_IMPORT_MONEY_DOLLARS)
    return fail(`Not a price: use dollars with up to 2 decimals, 0 to ${MAX_IMPORT_MONEY_DOLLARS}`);
  return ok(Math.round(Number(text) * 100));
}

export function booleanCell(raw: string): Cell<boolean> {
  const text = raw.trim().toLowerCase();
  if (text === 'true' || text === 'false') return ok(text === 'true');
  return fail('Use true or false');
}

/** An ISO 8601 date and time (as exported), or "" for none. */
export function dateCell(raw: string): Cell<Date | null> {
  const text = raw.trim();
  if (text === '') return ok(null);
  const at = /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(text) : null;
  return at && !Number.isNaN(at.getTime()) ? ok(at) : fail('Not a date: use ISO 8601, e.g. 2026-12-01T00:00:00.000Z');
}

export const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 50;

/** Tags separated by commas, lower-cased, each once. */
export function tagsCell(raw: string): Cell<string[]> {
  const text = textCell(raw);
  if (!text.ok) return text;
  const tags = [...new Set(text.value.split(TAG_SEPARATOR.trim()).map((t) => t.trim().toLowerCase()))].filter(Boolean);
  if (tags.length > MAX_TAGS) return fail(`At most ${MAX_TAGS} tags`);
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  return long ? fail(`A tag is at most ${MAX_TAG_LENGTH} characters: ${long.slice(0, 20)}…`) : ok(tags);
}

/** A tier's price: "" for the tier's own rule, "off" for not sold with the item, or a price. */
export function tierCell(raw: string): Cell<TierPrice | undefined> {
  const text = raw.trim();
  if (text === '') return ok(undefined);
  if (text.toLowerCase() === TIER_OFF) return ok({ priceCents: null, offered: false });
  const price = moneyCell(text);
  return price.ok ? ok({ priceCents: price.value, offered: true }) : fail(`${price.message}, "" for the tier's rule, or ${TIER_OFF}`);
}
