import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import { env } from '@/lib/env';

// Customer sessions are next-auth JWTs (encrypted with AUTH_SECRET) in an
// HttpOnly cookie; the same token serves API clients as a Bearer token. The
// token names its server-side session row (`sid`): the row, not the token's
// own expiry, decides whether it still works (logout, password reset).

/** Absolute lifetime of a sign-in: counted from sign-in, never extended by activity. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionClaims = { sub: string; sid: string; email: string; name: string };

export function sessionCookieName(): string {
  return env().SITE_URL.startsWith('https://') ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

export function sessionCookieOptions(maxAgeSeconds = SESSION_MAX_AGE_SECONDS) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env().SITE_URL.startsWith('https://'),
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

export function encodeSession(claims: SessionClaims, maxAgeSeconds = SESSION_MAX_AGE_SECONDS): Promise<string> {
  return encode({ token: { ...claims }, secret: env().AUTH_SECRET, maxAge: maxAgeSeconds });
}

/** The claims of a token this server issued and that has not passed its own expiry; null for anything else. */
export async function decodeSession(token: string): Promise<SessionClaims | null> {
  try {
    const claims = await decode({ token, secret: env().AUTH_SECRET });
    if (!claims || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    return { sub: claims.sub, sid: claims.sid, email: String(claims.email ?? ''), name: String(claims.name ?? '') };
  } catch {
    return null;
  }
}
