import 'server-only';
import { cookies } from 'next/headers';
import { createUserSession, getActiveSession, revokeUserSession } from '@/lib/domain/accounts';
import { AppError } from '@/lib/domain/errors';
import { decodeSession, encodeSession, sessionCookieName, sessionCookieOptions, type SessionClaims } from '@/lib/infra/auth/session-token';
import { readCookie } from './cookies';

// The signed-in customer of a request, from the server session only; never
// from an id the client sends (docs/security.md S1). Accepts the HttpOnly session
// cookie or `Authorization: Bearer <token>` (the token the login endpoint
// returns). A token works only while its session row is live.
export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/** A token whose session row is live, with what the row says. */
export type CheckedSession = { token: string; claims: SessionClaims; expiresAt: Date; user: SessionUser };

function bearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
}

async function check(token: string | null): Promise<CheckedSession | null> {
  if (!token) return null;
  const claims = await decodeSession(token);
  if (!claims) return null;
  const session = await getActiveSession(claims.sid, claims.sub);
  return session ? { token, claims, expiresAt: session.expiresAt, user: session.user } : null;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await check(bearer(request) ?? readCookie(request, sessionCookieName())))?.user ?? null;
}

/** The session of the cookie alone: next-auth's own endpoints read nothing else. */
export function getCookieSession(request: Request): Promise<CheckedSession | null> {
  return check(readCookie(request, sessionCookieName()));
}

export async function requireSessionUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError('unauthorized', 'Please log in');
  return user;
}

/** A path's {userId} must be the session user's own; anything else is "not found" (S1). */
export async function requireSelf(request: Request, userId: string): Promise<SessionUser> {
  const user = await requireSessionUser(request);
  if (user.id !== userId) throw new AppError('not_found', 'Not found');
  return user;
}

/** A new sign-in: its session row and the token naming it (what API clients keep). */
export async function issueSessionToken(user: { id: string; email: string; name: string }): Promise<string> {
  const session = await createUserSession(user.id);
  return encodeSession({ sub: user.id, sid: session.id, email: user.email, name: user.name });
}

/** Starts a browser session and returns the same token for API clients. */
export async function startSession(user: { id: string; email: string; name: string }): Promise<string> {
  const token = await issueSessionToken(user);
  (await cookies()).set(sessionCookieName(), token, sessionCookieOptions());
  return token;
}

/** Logout: revokes the session(s) the request presents, cookie or bearer, and clears the cookie. Other devices stay signed in. */
export async function endSession(request: Request): Promise<void> {
  for (const token of new Set([bearer(request), readCookie(request, sessionCookieName())])) {
    const claims = token ? await decodeSession(token) : null;
    if (claims) await revokeUserSession(claims.sid);
  }
  (await cookies()).set(sessionCookieName(), '', sessionCookieOptions(0));
}
