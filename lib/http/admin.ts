import 'server-only';
import { cookies } from 'next/headers';
import { ADMIN_SESSION_SECONDS, getAdminSession, revokeAdminSession } from '@/lib/domain/admin';
import { AppError } from '@/lib/domain/errors';
import { env } from '@/lib/env';
import { boundBody, deferredBody, SMALL_BODY, type BodyLimit } from './body-limit';
import { assertSameOrigin } from './client';
import { readCookie } from './cookies';
import { handler } from './handler';

// Every admin route handler and admin page calls requireAdmin itself
// (docs/security.md S3): the middleware redirect is a convenience, never the check.
export const ADMIN_COOKIE = 'shop_admin';

export type AdminActor = { username: string };

function tokenFrom(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return readCookie(request, ADMIN_COOKIE);
}

export async function requireAdmin(request: Request): Promise<AdminActor> {
  const token = tokenFrom(request);
  const session = token ? await getAdminSession(token) : null;
  if (!session) throw new AppError('unauthorized', 'Admin authentication required');
  return session;
}

/** For admin pages (server components): the admin of the current request, or null. */
export async function getAdminFromCookies(): Promise<AdminActor | null> {
  const token = (await cookies()).get(ADMIN_COOKIE)?.value;
  return token ? getAdminSession(token) : null;
}

export async function setAdminCookie(token: string): Promise<void> {
  (await cookies()).set(ADMIN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: env().SITE_URL.startsWith('https://'),
    path: '/',
    maxAge: ADMIN_SESSION_SECONDS,
  });
}

export async function clearAdminCookie(request: Request): Promise<void> {
  const token = tokenFrom(request);
  if (token) await revokeAdminSession(token);
  (await cookies()).set(ADMIN_COOKIE, '', { httpOnly: true, sameSite: 'strict', path: '/', maxAge: 0 });
}

type Context<P> = { params: Promise<P> };

/**
 * An admin route: the admin session is checked here, in the handler, and
 * state-changing methods must come from this site (CSRF). Both before the
 * body is read: a stranger is answered with nothing of theirs read but a
 * declared length over the route's limit.
 */
export function adminHandler<P = Record<string, string>>(
  fn: (request: Request, context: Context<P>, admin: AdminActor) => Promise<Response>,
  body: BodyLimit = SMALL_BODY,
) {
  return handler<P>(async (request, context) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request);
    const admin = await requireAdmin(request);
    return fn(await boundBody(request, body), context, admin);
  }, deferredBody(body));
}
