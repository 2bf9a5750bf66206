import { NextResponse, type NextRequest } from 'next/server';
import { listingKey } from '@/app/(shop)/products/listing-href';

// Thin and edge-safe: a convenience redirect and the /products rewrites only.
// Every admin page and admin route handler checks the admin session itself;
// this is never the check.
const ADMIN_SESSION_COOKIE = 'shop_admin';

export function middleware(request: NextRequest) {
  if (request.nextUrl.pathname === '/products') return rewriteListing(request);
  if (!request.cookies.has(ADMIN_SESSION_COOKIE)) {
    return NextResponse.redirect(new URL('/admin/login', request.url));
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
    '/admin/dashboard/:path*',
    { source: '/products', has: [{ type: 'query', key: 'search' }] },
    { source: '/products', has: [{ type: 'query', key: 'category' }] },
    { source: '/products', has: [{ type: 'query', key: 'page' }] },
  ],
};
