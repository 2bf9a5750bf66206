// POST /api/membership/subscribe — open a membership checkout (user_id, plan_interval, test_code) → {url}
import { subscribeResponse, subscribeSchema } from '@/lib/contract/membership';
import { notFound } from '@/lib/domain/errors';
import { startSubscription } from '@/lib/domain/orders';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { env } from '@/lib/env';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const input = await parseBody(request, subscribeSchema);
  // A promo code is a discount code: it spends the guessing allowance validate-discount does (S10).
  if (input.test_code) await enforceRateLimit(RATE_LIMITS.validateDiscount, clientIp(request));
  const user = await requireSessionUser(request);
  if (input.user_id && input.user_id !== user.id) throw notFound();
  const result = await startSubscription({ user, interval: input.plan_interval, promoCode: input.test_code, siteUrl: env().SITE_URL.replace(/\/+$/, '') });
  return jsonOf(subscribeResponse, { url: result.url, session_id: result.sessionId });
});
