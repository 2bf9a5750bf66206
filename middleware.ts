import { NextResponse, type NextRequest } from 'next/server';
import type { ErrorBody } from '@/lib/contract/error';

// Thin and edge-safe: convenience redirects and malformed paths only. Every
// admin page and admin route handler checks the admin session itself; this is
// never the check. /admin and /admin-login redirect here rather than in
// next.config.ts because config redirects leave without the security headers;
// middleware's carry them. The /products listings are routed by server.mjs
// (lib/http/listing-routes.mjs) under paths without '%', so middleware, which
// would cost every listing request about 2 ms, never runs for them.
const ADMIN_SESSION_COOKIE = 'shop_admin';
const ADMIN_LOGIN = '/admin/login';

export function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.includes('%') && !decodes(pathname)) return badPath(pathname);
  if (!pathname.startsWith('/admin')) return NextResponse.next();
  if (pathname === '/admin' || pathname === '/admin-login' || !request.cookies.has(ADMIN_SESSION_COOKIE)) {
    return NextResponse.redirect(new URL(ADMIN_LOGIN, request.url));
  }
  return NextResponse.next();
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path with a broken percent-escape (/product/%E0%A4%A) is a bad request.
 * Next would try to render a /400 page the App Router does not have and
 * answer a bare 500 instead (SECURITY: bad input is a 400, never a 500).
 */
function badPath(pathname: string) {
  const body: ErrorBody = { detail: 'The URL is not validly encoded', code: 'invalid_request' };
  if (pathname.startsWith('/api/')) return NextResponse.json(body, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  return new NextResponse('Bad request: the URL is not validly encoded.', {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

// Next reads the matcher statically: literal values only. Paths with a '%'
// come here to be checked; every other page never pays for middleware.
// A routed listing arrives here under its route's path (never with a '%').
export const config = {
  matcher: ['/admin', '/admin-login', '/admin/dashboard/:path*', '/([^?]*%[^?]*)'],
};
