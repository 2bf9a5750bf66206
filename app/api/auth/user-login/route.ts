// POST /api/auth/user-login — customer sign-in (form email, password): session cookie + token
import { loginSchema } from '@/lib/contract/accounts';
import { authenticateUser, normalizeEmail, toUserRecord } from '@/lib/domain/accounts';
import { AppError } from '@/lib/domain/errors';
import { clearRateLimit, enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, json, parseBody } from '@/lib/http/handler';
import { startSession } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const input = await parseBody(request, loginSchema);
  // Per address and per client, before any hashing.
  const ip = clientIp(request);
  const email = normalizeEmail(input.email);
  await enforceRateLimit(RATE_LIMITS.login, ip);
  await enforceRateLimit(RATE_LIMITS.login, email);
  const user = await authenticateUser(input.email, input.password);
  if (!user) throw new AppError('unauthorized', 'Invalid email or password');
  // Only the account's own counter: clearing the client's would let one valid account reset guessing at others.
  await clearRateLimit(RATE_LIMITS.login, email);
  const token = await startSession(user);
  return json({ success: true, user: await toUserRecord(user), token });
});
