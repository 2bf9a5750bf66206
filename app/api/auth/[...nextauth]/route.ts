// GET|POST /api/auth/* — next-auth's own endpoints (session, csrf, sign-out) over our session cookie
import NextAuth, { type NextAuthOptions } from 'next-auth';
import { revokeUserSession } from '@/lib/domain/accounts';
import { invalid } from '@/lib/domain/errors';
import { env } from '@/lib/env';
import { nextAuthOptions } from '@/lib/infra/auth/next-auth';
import { readCookie } from '@/lib/http/cookies';
import { handler } from '@/lib/http/handler';
import { isSameSite, sameSiteUrl } from '@/lib/http/redirects';
import { getCookieSession } from '@/lib/http/session';

async function authOptions(request: Request, site: string): Promise<NextAuthOptions> {
  // next-auth reads its own address from NEXTAUTH_URL alone; unset, it assumes
  // http://localhost:3000 and sends browsers there (sign-out, error pages).
  process.env.NEXTAUTH_URL = site;
  // next-auth knows nothing of server-side sessions: it gets the cookie's session only while its row is live.
  const options = nextAuthOptions(await getCookieSession(request), (claims) => revokeUserSession(claims.sid));
  return { ...options, callbacks: { ...options.callbacks, redirect: ({ url }) => sameSiteUrl(url, site) } };
}

/** The return addresses a request hands next-auth: the query, a sign-out form, the callback cookie. */
async function callbackUrls(request: Request): Promise<string[]> {
  const found = [new URL(request.url).searchParams.get('callbackUrl')];
  for (const name of ['next-auth.callback-url', '__Secure-next-auth.callback-url']) found.push(readCookie(request, name));
  if (request.method === 'POST' && (request.headers.get('content-type') ?? '').includes('form-urlencoded')) {
    found.push(new URLSearchParams(await request.clone().text()).get('callbackUrl'));
  }
  return found.filter((v): v is string => Boolean(v));
}

const authHandler = handler<{ nextauth: string[] }>(async (request, context) => {
  const site = env().SITE_URL;
  // next-auth answers an off-site callback URL with a 500; this is a bad request.
  if ((await callbackUrls(request)).some((url) => !isSameSite(url, site))) throw invalid('Invalid callback URL');
  return NextAuth(await authOptions(request, site))(request, context);
});

export { authHandler as GET, authHandler as POST };
