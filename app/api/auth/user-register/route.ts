// POST /api/auth/user-register — create a customer account (form email, password, name) and sign it in
import { registerSchema, signInResponse } from '@/lib/contract/accounts';
import { registerUser, sendVerificationEmail, toUserRecord } from '@/lib/domain/accounts';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';
import { rememberDevice } from '@/lib/http/known-device';
import { toUserResponse } from '@/lib/http/responses/membership';
import { startSession } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const input = await parseBody(request, registerSchema);
  await enforceRateLimit(RATE_LIMITS.register, clientIp(request));
  const user = await registerUser({ ...input, marketingConsent: input.marketing_consent });
  await sendVerificationEmail(user).catch((error) => console.error('[accounts] verification email failed', error instanceof Error ? error.message : error));
  const token = await startSession(user);
  // Registering signs in: this browser is a known device of the account (Decision 076).
  await rememberDevice('customer', user.email);
  return jsonOf(signInResponse, { success: true, user: toUserResponse(await toUserRecord(user)), token });
});
