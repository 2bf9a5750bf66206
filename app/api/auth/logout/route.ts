// POST /api/auth/logout — end the customer's session on the server (this device only) and clear its cookie
import { assertSameOrigin } from '@/lib/http/client';
import { successResponse } from '@/lib/contract/common';
import { handler, jsonOf } from '@/lib/http/handler';
import { endSession } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  await endSession(request);
  return jsonOf(successResponse, { success: true });
});
