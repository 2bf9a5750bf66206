import 'server-only';
import { cookies } from 'next/headers';
import { AppError } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';
import { decodeSession, encodeSession, sessionCookieName, sessionCookieOptions } from '@/lib/infra/auth/session-token';

// The signed-in customer of a request, from the server session only; never
// from an id the client sends (SECURITY S1). Accepts the HttpOnly session
// cookie or `Authorization: Bearer <token>` (the token the login endpoint returns).
export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

function bearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
}

function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const token = bearer(request) ?? cookieValue(request, sessionCookieName());
  if (!token) return null;
  const claims = await decodeSession(token);
  if (!claims) return null;
  const user = await db().user.findUnique({ where: { id: claims.sub }, select: { id: true, email: true, name: true, sessionVersion: true, emailVerifiedAt: true } });
  // A password reset bumps the version: tokens issued before it are dead.
  if (!user || user.sessionVersion !== claims.sv) return null;
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerifiedAt !== null };
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

/** Starts a browser session and returns the same token for API clients. */
export async function startSession(user: { id: string; email: string; name: string; sessionVersion: number }): Promise<string> {
  const token = await encodeSession({ sub: user.id, email: user.email, name: user.name, sv: user.sessionVersion });
  (await cookies()).set(sessionCookieName(), token, sessionCookieOptions());
  return token;
}

export async function endSession(): Promise<void> {
  (await cookies()).set(sessionCookieName(), '', { ...sessionCookieOptions(0), maxAge: 0 });
}
