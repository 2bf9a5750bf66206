// POST /api/auth/user-login — customer sign-in (form email, password): session cookie + token
import { loginSchema, signInResponse } from '@/lib/contract/accounts';
import { authenticateUser, normalizeEmail, toUserRecord } from '@/lib/domain/accounts';
import { AppError } from '@/lib/domain/errors';
import { clearRateLimit, enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';
import { toUserResponse } from '@/lib/http/responses/membership';
import { startSession } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Per client first, so a client already refused spends nobody's allowance;
  // then per (client, account), then per account: all before any hashing.
  const ip = clientIp(request);
  await enforceRateLimit(RATE_LIMITS.login, ip);
  const input = await parseBody(request, loginSchema);
  const email = normalizeEmail(input.email);
  await enforceRateLimit(RATE_LIMITS.loginPair, `${ip}:${email}`);
  await enforceRateLimit(RATE_LIMITS.loginAccount, email);
  const user = await authenticateUser(email, input.password);
  if (!user) throw new AppError('unauthorized', 'Invalid email or password');
  // Only this client's count for the account: clearing the client's own would let one valid account reset guessing at others.
  await clearRateLimit(RATE_LIMITS.loginPair, `${ip}:${email}`);
  const token = await startSession(user);
  return jsonOf(signInResponse, { success: true, user: toUserResponse(await toUserRecord(user)), token });
});
