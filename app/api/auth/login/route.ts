// POST /api/auth/login — admin sign-in (username, password) → {success, token} and the admin session cookie
import { adminLoginResponse, adminLoginSchema } from '@/lib/contract/admin';
import { adminLogin } from '@/lib/domain/admin';
import { recordAudit } from '@/lib/domain/audit';
import { AppError } from '@/lib/domain/errors';
import { clearRateLimit, enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { db } from '@/lib/infra/db';
import { setAdminCookie } from '@/lib/http/admin';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Per client, then every client together (a botnet spreading guesses is
  // still capped); a client already refused does not spend the shared allowance.
  const ip = clientIp(request);
  await enforceRateLimit(RATE_LIMITS.adminLogin, ip);
  await enforceRateLimit(RATE_LIMITS.adminLoginGlobal, 'all');
  const input = await parseBody(request, adminLoginSchema);
  const session = await adminLogin(input.username, input.password);
  if (!session) throw new AppError('unauthorized', 'Invalid credentials');
  await clearRateLimit(RATE_LIMITS.adminLogin, ip);
  await setAdminCookie(session.token);
  await recordAudit(db(), session.username, 'admin.login', null, { ip });
  return jsonOf(adminLoginResponse, { success: true, token: session.token, username: session.username, expires_at: session.expiresAt.toISOString() });
});
