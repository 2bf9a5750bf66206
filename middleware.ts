import { NextResponse, type NextRequest } from 'next/server';
import { listingKey } from '@/app/(shop)/products/listing-href';

// Thin and edge-safe: convenience redirects and the /products rewrites only.
// Every admin page and admin route handler checks the admin session itself;
// this is never the check. /admin and /admin-login redirect here rather than
// in next.config.ts because config redirects leave without the security
// headers; middleware's carry them.
const ADMIN_SESSION_COOKIE = 'shop_admin';
const ADMIN_LOGIN = '/admin/login';

export function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/products') return rewriteListing(request);
  if (pathname === '/admin' || pathname === '/admin-login' || !request.cookies.has(ADMIN_SESSION_COOKIE)) {
    return NextResponse.redirect(new URL(ADMIN_LOGIN, request.url));
  }
  return NextResponse.next();
}

/**
 * /products keeps its public query-string URLs, but only a search has to be
 * rendered per request: category, subcategory and page listings go to a
 * cached route named by their canonical query, searches to a dynamic one.
 * A query-less /products never gets here (see the matcher) and is served
 * straight from the full-route cache.
 */
function rewriteListing(request: NextRequest) {
  const query = request.nextUrl.searchParams;
  const url = request.nextUrl.clone();
  if (query.get('search')?.trim()) {
    url.pathname = '/products/search';
    return NextResponse.rewrite(url);
  }
  const key = listingKey(query);
  if (!key) return NextResponse.next();
  url.pathname = `/products/${key}`;
  url.search = '';
  return NextResponse.rewrite(url);
}

// Next reads the matcher statically: literal objects only.
export const config = {
  matcher: [
    '/admin',
    '/admin-login',
    '/admin/dashboard/:path*',
    { source: '/products', has: [{ type: 'query', key: 'search' }] },
    { source: '/products', has: [{ type: 'query', key: 'category' }] },
    { source: '/products', has: [{ type: 'query', key: 'page' }] },
  ],
};
