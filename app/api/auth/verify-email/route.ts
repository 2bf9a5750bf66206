// POST /api/auth/verify-email — confirm an address with the token from the welcome email (form token)
import { verifyEmailSchema } from '@/lib/contract/accounts';
import { verifyEmail } from '@/lib/domain/accounts';
import { assertSameOrigin } from '@/lib/http/client';
import { successResponse } from '@/lib/contract/common';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

// POST, not GET: mail scanners open links, and opening a link must change nothing.
export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const { token } = await parseBody(request, verifyEmailSchema);
  await verifyEmail(token);
  return jsonOf(successResponse, { success: true });
});
