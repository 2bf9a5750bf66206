// Where /login sends a visitor back to after signing in (`?next=`), e.g. the
// product whose heart they pressed. Browser-safe. Only a path on this site:
// anything that could leave it (`//host`, `/\host`, a scheme, a control
// character) is dropped, so the parameter can never be an open redirect.
const MAX_LENGTH = 300;

export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > MAX_LENGTH) return null;
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~/?#=&%+]*$/.test(next)) return null;
  return next;
}
