import 'server-only';
import { cookies } from 'next/headers';
import { adminLoginResponse } from '@/lib/contract/admin';
import { issueTrustedBrowser, TRUSTED_BROWSER_SECONDS, type IssuedSession, type SessionClient } from '@/lib/domain/staff';
import { ADMIN_SIGN_IN, forgetSignInFailures, type SignInAttempt } from '@/lib/domain/sign-in-limits';
import { env } from '@/lib/env';
import { setAdminCookie } from './admin';
import { clientIp } from './client';
import { readCookie } from './cookies';
import { jsonOf } from './handler';
import { rememberDevice } from './known-device';

// The end of a successful back-office sign-in, after the password alone or the
// second step too, and the trusted-browser cookie: HttpOnly, SameSite=Strict,
// sent only to the sign-in endpoints (which read it), never to a script.
const TRUSTED_COOKIE = { name: 'shop_admin_trusted', path: '/api/auth/login' };

export const trustedBrowserToken = (request: Request) => readCookie(request, TRUSTED_COOKIE.name);

export const sessionClient = (request: Request): SessionClient => ({ ip: clientIp(request), userAgent: request.headers.get('user-agent') });

/** Sets the session cookie, remembers the device, forgets this client's failures, answers `{ success, token }`. */
export async function signedIn(attempt: SignInAttempt, session: IssuedSession): Promise<Response> {
  await forgetSignInFailures(ADMIN_SIGN_IN, attempt, session.username);
  await setAdminCookie(session.token);
  await rememberDevice('admin', session.username);
  return jsonOf(adminLoginResponse, { success: true, token: session.token, username: session.username, expires_at: session.expiresAt.toISOString() });
}

/** This browser skips the second step for this member for 30 days, until their next security change. */
export async function trustBrowser(member: { id: string; securityStamp: string }): Promise<void> {
  (await cookies()).set(TRUSTED_COOKIE.name, issueTrustedBrowser(member), {
    httpOnly: true,
    sameSite: 'strict',
    secure: env().SITE_URL.startsWith('https://'),
    path: TRUSTED_COOKIE.path,
    maxAge: TRUSTED_BROWSER_SECONDS,
  });
}
