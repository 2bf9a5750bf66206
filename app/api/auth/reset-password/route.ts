// POST /api/auth/reset-password — set a new password with an emailed token (form token, new_password)
import { resetPasswordSchema } from '@/lib/contract/accounts';
import { resetPassword } from '@/lib/domain/accounts';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { successResponse } from '@/lib/contract/common';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Per client before reading the body: a request may end in an argon2 hash.
  await enforceRateLimit(RATE_LIMITS.resetPassword, clientIp(request));
  const input = await parseBody(request, resetPasswordSchema);
  await resetPassword(input.token, input.new_password);
  return jsonOf(successResponse, { success: true, message: 'Your password has been reset. Please log in.' });
});
