// POST /api/membership/cancel/{userId}?cancel_at_period_end=true — stop renewing; access lasts to the period end
import { userIdParamsSchema } from '@/lib/contract/accounts';
import { cancelQuerySchema, membershipCancelResponse } from '@/lib/contract/membership';
import { invalid } from '@/lib/domain/errors';
import { cancelMembership } from '@/lib/domain/membership';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseParams, parseQuery } from '@/lib/http/handler';
import { toMembershipStatusResponse } from '@/lib/http/responses/membership';
import { requireSelf } from '@/lib/http/session';

export const POST = handler<{ userId: string }>(async (request, { params }) => {
  assertSameOrigin(request);
  const { userId } = await parseParams(params, userIdParamsSchema);
  const query = parseQuery(request, cancelQuerySchema);
  // Immediate cancellation is not offered: members keep what they paid for.
  if (query.cancel_at_period_end !== 'true') throw invalid('Only cancellation at the period end is supported');
  const user = await requireSelf(request, userId);
  return jsonOf(membershipCancelResponse, { success: true, ...toMembershipStatusResponse(await cancelMembership(user.id)) });
});
