// POST /api/auth/accept-invite — a new member sets their password from the invitation link (token, new_password), once
import { acceptInviteResponse, acceptInviteSchema } from '@/lib/contract/staff';
import { acceptInvitation, refuseInviteGuesser } from '@/lib/domain/staff';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Before the body: a client that has tried too many links that did not work is refused unread.
  const ip = clientIp(request);
  await refuseInviteGuesser(ip);
  const input = await parseBody(request, acceptInviteSchema);
  const { username } = await acceptInvitation(input.token, input.new_password, ip);
  return jsonOf(acceptInviteResponse, { success: true, username });
});
