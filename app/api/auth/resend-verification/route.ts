// POST /api/auth/resend-verification — email the session user a new confirmation link
import { sendVerificationEmail } from '@/lib/domain/accounts';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin } from '@/lib/http/client';
import { resendVerificationResponse } from '@/lib/contract/accounts';
import { handler, jsonOf } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const user = await requireSessionUser(request);
  if (user.emailVerified) return jsonOf(resendVerificationResponse, { success: true, already_verified: true });
  await enforceRateLimit(RATE_LIMITS.forgotPassword, `verify:${user.email}`);
  await sendVerificationEmail(user);
  return jsonOf(resendVerificationResponse, { success: true, message: `Confirmation email sent to ${user.email}` });
});
