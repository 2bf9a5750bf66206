// POST /api/auth/accept-invite — a new member sets their password from the invitation link (token, new_password), once
import { acceptInviteResponse, acceptInviteSchema } from '@/lib/contract/staff';
import { acceptInvitation, limitInviteAcceptance } from '@/lib/domain/staff';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // Before the body, like reset links: guessing links costs a stranger their allowance, never a hash.
  await limitInviteAcceptance(clientIp(request));
  const input = await parseBody(request, acceptInviteSchema);
  const { username } = await acceptInvitation(input.token, input.new_password);
  return jsonOf(acceptInviteResponse, { success: true, username });
});
