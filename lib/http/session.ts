import 'server-only';

// The signed-in customer of a request, from the server session only; never
// from an id the client sends (SECURITY S1).
export type SessionUser = { id: string; email: string; name: string };

// TODO(#4): read the next-auth session cookie or bearer token.
export async function getSessionUser(_request: Request): Promise<SessionUser | null> {
  return null;
}
