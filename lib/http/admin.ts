import 'server-only';
import { cookies } from 'next/headers';
import { AppError } from '@/lib/domain/errors';
import {
  ADMIN_SESSION_SECONDS,
  can,
  ENROL_FIRST,
  FORBIDDEN_FOR_ROLE,
  getAdminSession,
  revokeAdminSession,
  type Permission,
  type StaffActor,
} from '@/lib/domain/staff';
import { env } from '@/lib/env';
import { boundBody, deferredBody, SMALL_BODY, type BodyLimit } from './body-limit';
import { assertSameOrigin } from './client';
import { readCookie } from './cookies';
import { handler } from './handler';

// Every admin route handler and admin page checks the session itself
// (docs/security.md S3): the middleware redirect is a convenience, never the check.
// Every admin route also names the permission it needs (docs/security.md N1), checked
// against the member's current role on each request.
export const ADMIN_COOKIE = 'shop_admin';

export type AdminActor = StaffActor;

function tokenFrom(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return readCookie(request, ADMIN_COOKIE);
}

/** The signed-in member, allowed `permission`: 401 without a live session, 403 when their role (or a missing second factor) stops them. */
export async function requireAdmin(request: Request, permission: Permission): Promise<AdminActor> {
  const token = tokenFrom(request);
  const actor = token ? await getAdminSession(token) : null;
  if (!actor) throw new AppError('unauthorized', 'Admin authentication required');
  if (actor.mustEnrolTwoFactor && permission !== 'account') throw new AppError('forbidden', ENROL_FIRST);
  if (!can(actor.role, permission)) throw new AppError('forbidden', FORBIDDEN_FOR_ROLE);
  return actor;
}

/** For admin pages (server components): the member of the current request, or null. */
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
 * An admin route: `permission` is required, so a route cannot forget to say
 * who may call it. The session and the permission are checked here, and
 * state-changing methods must come from this site (CSRF), all before the body
 * is read: a stranger is answered with nothing of theirs read but a declared
 * length over the route's limit.
 */
export function adminHandler<P = Record<string, string>>(
  permission: Permission,
  fn: (request: Request, context: Context<P>, admin: AdminActor) => Promise<Response>,
  body: BodyLimit = SMALL_BODY,
) {
  return handler<P>(async (request, context) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request);
    const admin = await requireAdmin(request, permission);
    return fn(await boundBody(request, body), context, admin);
  }, deferredBody(body));
}
