// The one CSV writer of every export (download logs, the audit log, and the
// orders, customers and products exports to come). RFC 4180: every data cell
// quoted, quotes doubled, CRLF line ends. A cell a spreadsheet would run as a
// formula (leading = + - @, tab or carriage return) starts with an apostrophe
// instead (OWASP "CSV injection"): titles, filenames, names and notes are text
// strangers or staff typed. Exports stream, so one of any size never sits in
// memory whole.
import 'server-only';

export type CsvValue = string | number | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  // A number is never a formula; its sign is part of it.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '""';
  const text = value instanceof Date ? value.toISOString() : value;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The header: the export's own column names (snake_case, never typed by anyone), unquoted. */
const headerLine = (header: readonly string[]) => `${header.join(',')}\r\n`;

/** A whole CSV in one string, for small exports. */
export function csvText<T>(header: readonly string[], rows: Iterable<T>, toCells: (row: T) => readonly CsvValue[]): string {
  let text = headerLine(header);
  for (const row of rows) text += csvLine(toCells(row));
  return text;
}

/**
 * A CSV streamed batch by batch as `batches` yields them (the reader pulls: a
 * slow download slows the queries, and nothing piles up in memory). A failure
 * after the first bytes ends the stream with an error, which the client sees as
 * a cut download, never as a complete-looking file.
 */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<readonly T[]>,
  toCells: (row: T) => readonly CsvValue[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(headerLine(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(toCells(row))).join('')));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
