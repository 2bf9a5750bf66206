import 'server-only';
import { cookies } from 'next/headers';
import { issueKnownDevice, KNOWN_DEVICE_SECONDS, readKnownDevice, type DeviceKind } from '@/lib/domain/known-devices';
import type { SignInAttempt } from '@/lib/domain/sign-in-limits';
import { env } from '@/lib/env';
import { clientIp } from './client';
import { readCookie } from './cookies';

// The known-device cookie (Decision 076): HttpOnly, SameSite=Strict, and sent
// only to the sign-in endpoints that read it, so no script and no other route
// ever sees it. The back office's and the customers' are separate cookies.
const DEVICE_COOKIES: Record<DeviceKind, { name: string; path: string }> = {
  admin: { name: 'shop_admin_device', path: '/api/auth/login' },
  // Customer sign-in and reset requests both read it.
  customer: { name: 'shop_device', path: '/api/auth' },
};

export const deviceCookieName = (kind: DeviceKind) => DEVICE_COOKIES[kind].name;

/** The request's address and the known device it presents (null when absent, forged, of the other kind or expired). */
export function signInAttempt(request: Request, kind: DeviceKind): SignInAttempt {
  return { ip: clientIp(request), device: readKnownDevice(kind, readCookie(request, DEVICE_COOKIES[kind].name)) };
}

/** After a successful sign-in to `account`: this browser is a known device of it, with a fresh token. */
export async function rememberDevice(kind: DeviceKind, account: string): Promise<void> {
  const { name, path } = DEVICE_COOKIES[kind];
  (await cookies()).set(name, issueKnownDevice(kind, account), {
    httpOnly: true,
    sameSite: 'strict',
    secure: env().SITE_URL.startsWith('https://'),
    path,
    maxAge: KNOWN_DEVICE_SECONDS,
  });
}
