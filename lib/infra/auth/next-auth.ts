import 'server-only';
import NextAuth, { type NextAuthOptions } from 'next-auth';
import { env } from '@/lib/env';
import { SESSION_MAX_AGE_SECONDS, sessionCookieName, sessionCookieOptions, type SessionClaims } from './session-token';

/** The request's session cookie, already checked against its server-side session row. */
export type LiveSession = { token: string; claims: SessionClaims; expiresAt: Date };

/**
 * next-auth owns the session format: a JWT encrypted with AUTH_SECRET in an
 * HttpOnly cookie. Customers sign in only through /api/auth/user-login (rate
 * limited before hashing), which issues the same token; next-auth's own
 * endpoints (/api/auth/session, /api/auth/signout) read it. No provider is
 * registered here, so next-auth offers no second, unthrottled way in.
 *
 * The options are made per request from the session the caller checked:
 * next-auth may decode only that token (a revoked or expired one reads as no
 * session, and next-auth clears its cookie), and its re-issued cookie lives
 * only until the sign-in's absolute end, never 30 days from now.
 */
export function nextAuthOptions(live: LiveSession | null, onSignOut: (claims: SessionClaims) => Promise<void>): NextAuthOptions {
  const options = sessionCookieOptions();
  const secondsLeft = live ? Math.max(1, Math.floor((live.expiresAt.getTime() - Date.now()) / 1000)) : SESSION_MAX_AGE_SECONDS;
  return {
    secret: env().AUTH_SECRET,
    session: { strategy: 'jwt', maxAge: secondsLeft },
    jwt: { decode: async ({ token }) => (live && token === live.token ? { ...live.claims } : null) },
    cookies: {
      sessionToken: {
        name: sessionCookieName(),
        options: { httpOnly: options.httpOnly, sameSite: options.sameSite, path: options.path, secure: options.secure },
      },
    },
    pages: { signIn: '/login' },
    providers: [],
    callbacks: {
      session({ session, token }) {
        if (session.user) Object.assign(session.user, { id: token.sub });
        return session;
      },
    },
    events: {
      // Reached only after next-auth verified the sign-out form's CSRF token.
      signOut: async () => {
        if (live) await onSignOut(live.claims);
      },
    },
    logger: {
      // A revoked or expired cookie is an expected answer (an empty session), not an error.
      error: (code, metadata) => {
        if (code === 'JWT_SESSION_ERROR') return;
        const message = metadata instanceof Error ? metadata.message : ((metadata as { message?: string })?.message ?? '');
        console.warn(`[auth] next-auth ${code}: ${message}`);
      },
      warn: (code) => console.warn(`[auth] next-auth ${code}`),
      debug: () => undefined,
    },
  };
}

type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth's route handler for one request, served at `site`, with every
 * redirect it makes passed through `redirect` (the caller keeps them on site).
 */
export function nextAuthHandler(
  options: NextAuthOptions,
  site: string,
  redirect: (url: string) => string,
): (request: Request, context: NextAuthContext) => Promise<Response> {
  // next-auth reads its own address from NEXTAUTH_URL alone; unset, it assumes
  // http://localhost:3000 and sends browsers there (sign-out, error pages).
  process.env.NEXTAUTH_URL = site;
  return NextAuth({ ...options, callbacks: { ...options.callbacks, redirect: ({ url }) => redirect(url) } });
}
