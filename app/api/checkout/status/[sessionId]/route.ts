// GET /api/checkout/status/{sessionId} — payment status, fulfilling a paid session not yet seen by the webhook
import { sessionParamsSchema } from '@/lib/contract/checkout';
import { getCheckoutStatus } from '@/lib/domain/orders';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, json, parseParams } from '@/lib/http/handler';
import { toCheckoutStatusResponse } from '@/lib/http/responses/checkout';
import { getSessionUser } from '@/lib/http/session';

export const GET = handler<{ sessionId: string }>(async (request, { params }) => {
  const { sessionId } = await parseParams(params, sessionParamsSchema);
  await enforceRateLimit(RATE_LIMITS.statusPoll, clientIp(request));
  const user = await getSessionUser(request);
  return json(toCheckoutStatusResponse(await getCheckoutStatus(sessionId, { userId: user?.id ?? null })));
});
