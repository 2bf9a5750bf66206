// GET /api/membership/subscription-status/{sessionId} — whether a membership checkout is paid yet
import { sessionParamsSchema } from '@/lib/contract/checkout';
import { getSubscriptionCheckoutStatus } from '@/lib/domain/orders';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, json, parseParams } from '@/lib/http/handler';
import { toSubscriptionStatusResponse } from '@/lib/http/responses/membership';
import { requireSessionUser } from '@/lib/http/session';

export const GET = handler<{ sessionId: string }>(async (request, { params }) => {
  const { sessionId } = await parseParams(params, sessionParamsSchema);
  await enforceRateLimit(RATE_LIMITS.statusPoll, clientIp(request));
  const user = await requireSessionUser(request);
  return json(toSubscriptionStatusResponse(await getSubscriptionCheckoutStatus(sessionId, user.id)));
});
