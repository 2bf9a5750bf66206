// POST /api/auth/login — staff sign-in (username, password) → {success, token} and the admin session cookie, or {success: false, two_factor_required, challenge}
import { adminLoginSchema } from '@/lib/contract/admin';
import { twoFactorRequiredResponse } from '@/lib/contract/staff';
import { AppError } from '@/lib/domain/errors';
import { limitAdminSignIn, signInWithPassword } from '@/lib/domain/staff';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';
import { signInAttempt } from '@/lib/http/known-device';
import { sessionClient, signedIn, trustedBrowserToken } from '@/lib/http/staff-sign-in';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Before the body: a browser that signed in before spends its own allowance;
  // any other client its address's, then, once the name is read, that of every
  // client together (a botnet spreading guesses is still capped, yet cannot
  // lock staff out of a known device).
  const attempt = signInAttempt(request, 'admin');
  await limitAdminSignIn(attempt);
  const input = await parseBody(request, adminLoginSchema);
  const outcome = await signInWithPassword({ ...input, trustedBrowser: trustedBrowserToken(request) }, attempt, sessionClient(request));
  if (!outcome) throw new AppError('unauthorized', 'Invalid credentials');
  if ('challenge' in outcome) return jsonOf(twoFactorRequiredResponse, { success: false, two_factor_required: true, challenge: outcome.challenge });
  return signedIn(attempt, outcome.session);
});
