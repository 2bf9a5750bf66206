// /products?category=… is the spec's public address of a category listing,
// and next.config.ts rewrites it to the cached route that names the listing
// in its path. Next's rewrite machinery costs a cached listing about 15 % of
// its throughput (it runs twice, compiling path patterns on each request;
// README, Performance). For a plain page request, this applies the same rules
// (listingDestination) before Next's router sees the request, which then
// serves the cached route as it would a direct request.
//
// Only GET and HEAD page loads take this path. Client-side navigations and
// prefetches (the `rsc` header) and server actions stay with Next's rewrites,
// which tell the client router the rewritten path in response headers; a
// request this leaves alone is still rewritten by next.config.ts, to the
// same place.
import type { IncomingMessage } from 'node:http';
import { listingDestination } from './listing-rewrites';

const PREFIX = '/products?';
/** Tells middleware (its matcher names it) that this path was written here, so its escapes are valid. */
export const ROUTED_MARK = 'x-shop-listing-route';

export function routeListingRequest(request: IncomingMessage): void {
  if (request.headers[ROUTED_MARK] !== undefined) delete request.headers[ROUTED_MARK];
  const url = request.url;
  if (!url?.startsWith(PREFIX) || (request.method !== 'GET' && request.method !== 'HEAD')) return;
  if (request.headers.rsc !== undefined || request.headers['next-action'] !== undefined) return;
  const search = url.slice(PREFIX.length - 1);
  const destination = listingDestination(new URLSearchParams(search));
  // The query stays, as with Next's rewrite: the per-request route reads it, the cached one ignores it.
  if (!destination) return;
  request.url = destination + search;
  request.headers[ROUTED_MARK] = '1';
}
