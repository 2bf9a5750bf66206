// POST /api/auth/login/two-factor — sign-in's second step (challenge, code, trust_browser) → {success, token} and the admin session cookie
import { twoFactorLoginSchema } from '@/lib/contract/staff';
import { signInWithSecondFactor } from '@/lib/domain/staff';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, parseBody } from '@/lib/http/handler';
import { signInAttempt } from '@/lib/http/known-device';
import { sessionClient, signedIn, trustBrowser } from '@/lib/http/staff-sign-in';

// Its limits are the challenge's own (5 minutes, 5 codes) and the member's over
// every challenge: a challenge exists only after the right password.
export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const input = await parseBody(request, twoFactorLoginSchema);
  const { session, member } = await signInWithSecondFactor(input.challenge, input.code, sessionClient(request));
  if (input.trust_browser) await trustBrowser(member);
  return signedIn(signInAttempt(request, 'admin'), session);
});
