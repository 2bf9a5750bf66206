import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import { env } from '@/lib/env';

// Customer sessions are next-auth JWTs (encrypted with AUTH_SECRET) in an
// HttpOnly cookie; the same token serves API clients as a Bearer token.

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionClaims = { sub: string; email: string; name: string; sv: number };

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

export async function decodeSession(token: string): Promise<SessionClaims | null> {
  try {
    const claims = await decode({ token, secret: env().AUTH_SECRET });
    if (!claims || typeof claims.sub !== 'string' || typeof claims.sv !== 'number') return null;
    return { sub: claims.sub, email: String(claims.email ?? ''), name: String(claims.name ?? ''), sv: claims.sv };
  } catch {
    return null;
  }
}
