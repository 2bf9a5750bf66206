// Text is text (SECURITY "Always"): a NUL byte or a lone surrogate in any value
// a client sends is refused at the boundary. Postgres cannot store U+0000 in
// text (22021 "invalid byte sequence", which surfaced as a 500), and a lone
// surrogate has no UTF-8 form, so the driver would silently store U+FFFD instead.
// The shared parsers (lib/http/handler.ts, the multipart reader) run this over
// every decoded value before any schema, so no route can forget it.
import { invalid } from './errors';

/** A string Postgres stores exactly as given: no U+0000, no unpaired U+D800–U+DFFF. */
export function isText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/**
 * The path (`items.0.title`) of the first string, or object key, in `value`
 * that is not text; null when every one is. Walks JSON values of any depth
 * with a stack of its own: a 64 KB body of `[[[[…` must not overflow the call stack.
 */
export function findNonText(value: unknown, root = ''): string | null {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push([current[i], join(path, String(i))]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current).reverse()) {
        if (!isText(key)) return join(path, key);
        pending.push([inner, join(path, key)]);
      }
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** A field path worth echoing: built from names a schema could have, never from arbitrary text a client chose. */
const PRINTABLE_PATH = /^[A-Za-z0-9_.-]{1,100}$/;

export const NOT_TEXT_MESSAGE = 'may not contain a NUL byte or a lone surrogate';

/** Throws a 400 (`invalid_request`) naming the first value in `value` that is not text. */
export function requireText(value: unknown, root = ''): void {
  const path = findNonText(value, root);
  if (path === null) return;
  const field = PRINTABLE_PATH.test(path) ? path : null;
  throw invalid(`${field ?? 'A value'} ${NOT_TEXT_MESSAGE}`, field ? { [field]: [`Text ${NOT_TEXT_MESSAGE}`] } : undefined);
}
