// POST /api/auth/user-login — customer sign-in (form email, password): session cookie + token
import { loginSchema, signInResponse } from '@/lib/contract/accounts';
import { authenticateUser, normalizeEmail, toUserRecord } from '@/lib/domain/accounts';
import { AppError } from '@/lib/domain/errors';
import { CUSTOMER_SIGN_IN, forgetSignInFailures, limitSignInAccount, limitSignInClient } from '@/lib/domain/sign-in-limits';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';
import { rememberDevice, signInAttempt } from '@/lib/http/known-device';
import { toUserResponse } from '@/lib/http/responses/membership';
import { startSession } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Per known device or per client before the body is read, so a client already
  // refused spends nobody's allowance; then per account: all before any hashing.
  const attempt = signInAttempt(request, 'customer');
  await limitSignInClient(CUSTOMER_SIGN_IN, attempt);
  const input = await parseBody(request, loginSchema);
  const email = normalizeEmail(input.email);
  await limitSignInAccount(CUSTOMER_SIGN_IN, attempt, email);
  const user = await authenticateUser(email, input.password);
  if (!user) throw new AppError('unauthorized', 'Invalid email or password');
  await forgetSignInFailures(CUSTOMER_SIGN_IN, attempt, email);
  const token = await startSession(user);
  await rememberDevice('customer', email);
  return jsonOf(signInResponse, { success: true, user: toUserResponse(await toUserRecord(user)), token });
});
