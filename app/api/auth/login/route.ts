// POST /api/auth/login — admin sign-in (username, password) → {success, token} and the admin session cookie
import { adminLoginResponse, adminLoginSchema } from '@/lib/contract/admin';
import { adminLogin, limitAdminSignIn } from '@/lib/domain/admin';
import { AppError } from '@/lib/domain/errors';
import { ADMIN_SIGN_IN, forgetSignInFailures } from '@/lib/domain/sign-in-limits';
import { setAdminCookie } from '@/lib/http/admin';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';
import { rememberDevice, signInAttempt } from '@/lib/http/known-device';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Before the body: a browser the admin signed in from spends its own allowance;
  // any other client its address's, then that of every client together (a botnet
  // spreading guesses is still capped, yet cannot lock the admin out of a known device).
  const attempt = signInAttempt(request, 'admin');
  await limitAdminSignIn(attempt);
  const input = await parseBody(request, adminLoginSchema);
  const session = await adminLogin(input.username, input.password, attempt.ip);
  if (!session) throw new AppError('unauthorized', 'Invalid credentials');
  await forgetSignInFailures(ADMIN_SIGN_IN, attempt, session.username);
  await setAdminCookie(session.token);
  await rememberDevice('admin', session.username);
  return jsonOf(adminLoginResponse, { success: true, token: session.token, username: session.username, expires_at: session.expiresAt.toISOString() });
});
