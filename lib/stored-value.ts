// Browser records (docs/product.md §3: `cart`, `user`) are text anyone can edit; each is
// read through its record reader, which keeps what is well formed and answers
// null for anything else. Pure, so the browser store and tests share it.
//
// The readers are small hand-written checks, not zod schemas: these records are
// read by the nav and the cart badge on every shop page, and even zod/mini's
// core is 16.5 KB gzip of first-load JavaScript on each of them (issue #7's
// budget; docs/performance.md). They are browser-local records, not API
// shapes: the API's contract stays in lib/contract.

/** Reads a parsed JSON value as the record, or null when it is not one. */
export type RecordReader<T> = (data: unknown) => T | null;

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value a stored text holds for a reader, or null when absent or malformed. */
export function parseStoredValue<T>(raw: string | null, read: RecordReader<T>): T | null {
  if (raw === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  return read(data);
}
