// POST /api/admin/logout — end the admin session (cookie and token)
import { assertSameOrigin } from '@/lib/http/client';
import { clearAdminCookie } from '@/lib/http/admin';
import { successResponse } from '@/lib/contract/common';
import { handler, jsonOf } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  await clearAdminCookie(request);
  return jsonOf(successResponse, { success: true });
});
