import { NextResponse, type NextRequest } from 'next/server';

// Thin and edge-safe: a convenience redirect only. Every admin page and
// admin route handler checks the admin session itself; this is never the check.
const ADMIN_SESSION_COOKIE = 'shop_admin';

export function middleware(request: NextRequest) {
  if (!request.cookies.has(ADMIN_SESSION_COOKIE)) {
    return NextResponse.redirect(new URL('/admin/login', request.url));
  }
  return NextResponse.next();
}

export const config = { matcher: ['/admin/dashboard/:path*'] };
