import 'server-only';
import { revokeUserSession } from '@/lib/domain/accounts';
import { nextAuthHandler, nextAuthOptions } from '@/lib/infra/auth/next-auth';
import { sameSiteUrl } from './redirects';
import { getCookieSession } from './session';

/** next-auth's own endpoints (session, csrf, sign-out) over the request's session cookie, never leaving `site`. */
export async function nextAuthResponse(request: Request, context: { params: Promise<{ nextauth: string[] }> }, site: string): Promise<Response> {
  // next-auth knows nothing of server-side sessions: it gets the cookie's session only while its row is live.
  const options = nextAuthOptions(await getCookieSession(request), (claims) => revokeUserSession(claims.sid));
  return nextAuthHandler(options, site, (url) => sameSiteUrl(url, site))(request, context);
}
