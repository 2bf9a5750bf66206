import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import { env } from '@/lib/env';
import { SESSION_MAX_AGE_SECONDS, sessionCookieName, sessionCookieOptions } from './session-token';

/**
 * next-auth owns the session format: a JWT encrypted with AUTH_SECRET in an
 * HttpOnly cookie. Customers sign in only through /api/auth/user-login (rate
 * limited before hashing), which issues the same token; next-auth's own
 * endpoints (/api/auth/session, /api/auth/signout) read it. No provider is
 * registered here, so next-auth offers no second, unthrottled way in.
 */
export function nextAuthOptions(): NextAuthOptions {
  const options = sessionCookieOptions();
  return {
    secret: env().AUTH_SECRET,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    cookies: { sessionToken: { name: sessionCookieName(), options: { httpOnly: options.httpOnly, sameSite: options.sameSite, path: options.path, secure: options.secure } } },
    pages: { signIn: '/login' },
    providers: [],
    callbacks: {
      session({ session, token }) {
        if (session.user) Object.assign(session.user, { id: token.sub });
        return session;
      },
    },
  };
}
