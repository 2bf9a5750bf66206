// GET /api/membership/status/{userId} — the session user's membership (another id → 404)
import { userIdParamsSchema } from '@/lib/contract/accounts';
import { getMembershipStatus } from '@/lib/domain/membership';
import { handler, json, parseParams } from '@/lib/http/handler';
import { toMembershipStatusResponse } from '@/lib/http/responses/membership';
import { requireSelf } from '@/lib/http/session';

export const GET = handler<{ userId: string }>(async (request, { params }) => {
  const { userId } = await parseParams(params, userIdParamsSchema);
  const user = await requireSelf(request, userId);
  return json(toMembershipStatusResponse(await getMembershipStatus(user.id)));
});
