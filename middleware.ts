import { NextResponse, type NextRequest } from 'next/server';

// Thin and edge-safe: convenience redirects only. Every admin page and
// admin route handler checks the admin session itself; this is never the check.
// /admin and /admin-login redirect here rather than in next.config.ts because
// config redirects leave without the security headers; middleware's carry them.
const ADMIN_SESSION_COOKIE = 'shop_admin';
const ADMIN_LOGIN = '/admin/login';

export function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/admin' || pathname === '/admin-login' || !request.cookies.has(ADMIN_SESSION_COOKIE)) {
    return NextResponse.redirect(new URL(ADMIN_LOGIN, request.url));
  }
  return NextResponse.next();
}

export const config = { matcher: ['/admin', '/admin-login', '/admin/dashboard/:path*'] };
