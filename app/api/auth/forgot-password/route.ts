// POST /api/auth/forgot-password — email a reset link when the account exists; the answer never says which
import { forgotPasswordSchema } from '@/lib/contract/accounts';
import { normalizeEmail } from '@/lib/domain/accounts';
import { requestPasswordReset } from '@/lib/domain/accounts/emails';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, json, parseBody } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const { email } = await parseBody(request, forgotPasswordSchema);
  await enforceRateLimit(RATE_LIMITS.forgotPassword, clientIp(request));
  await enforceRateLimit(RATE_LIMITS.forgotPassword, normalizeEmail(email));
  await requestPasswordReset(email);
  return json({ success: true, message: 'If an account exists for this email, a reset link is on its way.' });
});
