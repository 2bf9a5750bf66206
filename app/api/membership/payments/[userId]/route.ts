// GET /api/membership/payments/{userId} — the session user's membership payments with their invoices (another id → 404)
import { userIdParamsSchema } from '@/lib/contract/accounts';
import { membershipPayments } from '@/lib/domain/orders';
import { handler, json, parseParams } from '@/lib/http/handler';
import { toMembershipPaymentsResponse } from '@/lib/http/responses/membership';
import { requireSelf } from '@/lib/http/session';

export const GET = handler<{ userId: string }>(async (request, { params }) => {
  const { userId } = await parseParams(params, userIdParamsSchema);
  const user = await requireSelf(request, userId);
  return json(toMembershipPaymentsResponse(await membershipPayments(user.id)));
});
