// POST /api/auth/forgot-password — email a reset link when the account exists; the answer never says which
import { forgotPasswordSchema } from '@/lib/contract/accounts';
import { normalizeEmail, requestPasswordReset } from '@/lib/domain/accounts';
import { limitSignInAccount, limitSignInClient, RESET_REQUEST } from '@/lib/domain/sign-in-limits';
import { assertSameOrigin } from '@/lib/http/client';
import { successResponse } from '@/lib/contract/common';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';
import { signInAttempt } from '@/lib/http/known-device';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // The sign-in limits' order (Decision 076): a stranger's refused requests never
  // count against the owner's own, and a device the owner signed in from has its own.
  const attempt = signInAttempt(request, 'customer');
  await limitSignInClient(RESET_REQUEST, attempt);
  const email = normalizeEmail((await parseBody(request, forgotPasswordSchema)).email);
  await limitSignInAccount(RESET_REQUEST, attempt, email);
  await requestPasswordReset(email);
  return jsonOf(successResponse, { success: true, message: 'If an account exists for this email, a reset link is on its way.' });
});
