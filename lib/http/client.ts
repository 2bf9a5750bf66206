import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { env } from '@/lib/env';

/**
 * The client's IP for rate limits. Each trusted proxy appends the address it
 * saw, so the entry TRUSTED_PROXY_HOPS from the right is the client's own;
 * entries further left were written by the client and prove nothing. The
 * shop's own server appends the connection's address (server.mjs), so with
 * no proxy (0 hops) the last entry is the socket's, whatever was sent.
 */
export function clientIp(request: Request): string {
  return clientIpOf(request.headers);
}

/** The same for a server-rendered page, which has the request's headers but no Request. */
export function clientIpOf(headers: Headers): string {
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const hops = env().TRUSTED_PROXY_HOPS;
  const ip = forwarded[Math.max(0, forwarded.length - 1 - hops)] ?? headers.get('x-real-ip') ?? 'unknown';
  return ip.replace(/^::ffff:/, '').slice(0, 64);
}

/**
 * CSRF defence for state-changing requests: a browser always sends Origin on
 * POST/PUT/DELETE, and it must be this site. Clients without Origin (curl,
 * server-to-server with a bearer token) are not browsers and carry no cookies
 * of a victim.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (!origin) return;
  const allowed = new Set([new URL(env().SITE_URL).origin, new URL(request.url).origin]);
  const host = request.headers.get('host');
  if (host) allowed.add(`${new URL(request.url).protocol}//${host}`);
  if (!allowed.has(origin)) throw new AppError('forbidden', 'Cross-site request refused');
}
