// POST /api/auth/logout — end the customer's browser session
import { assertSameOrigin } from '@/lib/http/client';
import { handler, json } from '@/lib/http/handler';
import { endSession } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  await endSession();
  return json({ success: true });
});
