import 'server-only';

/**
 * One cookie of a request. A value that is not validly percent-encoded
 * (`%`, `%E0%A4%A`) counts as absent, as in Next's own cookie parser: a
 * mangled cookie is no session, never an exception.
 */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}
