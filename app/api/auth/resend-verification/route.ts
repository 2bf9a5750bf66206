// POST /api/auth/resend-verification — email the session user a new confirmation link
import { sendVerificationEmail } from '@/lib/domain/accounts';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, json } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const user = await requireSessionUser(request);
  if (user.emailVerified) return json({ success: true, already_verified: true });
  await enforceRateLimit(RATE_LIMITS.forgotPassword, `verify:${user.email}`);
  await sendVerificationEmail(user);
  return json({ success: true, message: `Confirmation email sent to ${user.email}` });
});
