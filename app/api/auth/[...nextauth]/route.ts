// GET|POST /api/auth/* — next-auth's own endpoints (session, csrf, sign-out) over our session cookie
import NextAuth from 'next-auth';
import { nextAuthOptions } from '@/lib/infra/auth/next-auth';

function authHandler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(nextAuthOptions())(request, context);
}

export { authHandler as GET, authHandler as POST };
