// POST /api/checkout/session — open a checkout for the cart: payment page URL, or a paid $0 order
import { checkoutBodySchema, checkoutQuerySchema } from '@/lib/contract/checkout';
import { createCheckout } from '@/lib/domain/checkout';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { env } from '@/lib/env';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, json, parseJson, parseQuery } from '@/lib/http/handler';
import { toCheckoutSessionResponse } from '@/lib/http/responses/checkout';
import { getSessionUser } from '@/lib/http/session';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  // `user_id` is accepted for the spec's client but ignored: the buyer is the session user (S1).
  const query = parseQuery(request, checkoutQuerySchema);
  const body = await parseJson(request, checkoutBodySchema);
  await enforceRateLimit(RATE_LIMITS.checkout, clientIp(request));
  // A checkout names a code as validate-discount does: it spends the same allowance, so
  // guessing through checkout is no faster than through validate-discount (S10).
  if (query.discount_code) await enforceRateLimit(RATE_LIMITS.validateDiscount, clientIp(request));
  const user = await getSessionUser(request);
  const result = await createCheckout({
    items: body.items.map((i) => ({ productId: i.product_id, licence: i.licence, upgradeLicenceId: i.upgrade_licence_id })),
    holderName: body.holder_name ?? null,
    userId: user?.id ?? null,
    customerEmail: user?.email ?? body.email ?? null,
    // Only guests are asked: an account's choices are its email preferences.
    marketingConsent: !user && body.marketing_consent,
    discountCode: query.discount_code || null,
    siteUrl: env().SITE_URL.replace(/\/+$/, ''),
  });
  return json(toCheckoutSessionResponse(result));
});
