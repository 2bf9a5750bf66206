// GET|POST /api/auth/* — next-auth's own endpoints (session, csrf, sign-out) over our session cookie
import { invalid } from '@/lib/domain/errors';
import { env } from '@/lib/env';
import { readCookie } from '@/lib/http/cookies';
import { handler } from '@/lib/http/handler';
import { nextAuthResponse } from '@/lib/http/next-auth';
import { isSameSite } from '@/lib/http/redirects';

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
  return nextAuthResponse(request, context, site);
});

export { authHandler as GET, authHandler as POST };
