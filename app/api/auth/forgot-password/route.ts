// POST /api/auth/forgot-password — email a reset link when the account exists; the answer never says which
import { forgotPasswordSchema } from '@/lib/contract/accounts';
import { normalizeEmail, requestPasswordReset } from '@/lib/domain/accounts';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { successResponse } from '@/lib/contract/common';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Per client, per (client, account), then per account: a stranger's refused
  // requests never count against the owner's own.
  const ip = clientIp(request);
  await enforceRateLimit(RATE_LIMITS.forgotPassword, ip);
  const email = normalizeEmail((await parseBody(request, forgotPasswordSchema)).email);
  await enforceRateLimit(RATE_LIMITS.forgotPasswordPair, `${ip}:${email}`);
  await enforceRateLimit(RATE_LIMITS.forgotPasswordAccount, email);
  await requestPasswordReset(email);
  return jsonOf(successResponse, { success: true, message: 'If an account exists for this email, a reset link is on its way.' });
});
