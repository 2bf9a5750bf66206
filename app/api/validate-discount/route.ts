// POST /api/validate-discount?code=…&subtotal=… — whether a discount code or gift card applies (to the cart's items, when sent)
import { validateDiscountBodySchema, validateDiscountQuerySchema } from '@/lib/contract/checkout';
import { checkDiscountCode } from '@/lib/domain/checkout';
import { invalid } from '@/lib/domain/errors';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { dollarsToCents } from '@/lib/format';
import { clientIp } from '@/lib/http/client';
import { handler, json, parseJson, parseQuery } from '@/lib/http/handler';
import { toDiscountValidationResponse } from '@/lib/http/responses/vouchers';
import { getSessionUser } from '@/lib/http/session';

export const POST = handler(async (request) => {
  const query = parseQuery(request, validateDiscountQuerySchema);
  // The spec's client sends no body; the shop's cart sends its items as JSON (read first: text that is not text is a 400 of its own).
  const body = (request.headers.get('content-type') ?? '').includes('application/json') ? await parseJson(request, validateDiscountBodySchema) : {};
  if (!query.code) throw invalid('Please enter a discount code');
  // Limited before any lookup (the session's too) so codes cannot be guessed at speed.
  await enforceRateLimit(RATE_LIMITS.validateDiscount, clientIp(request));
  const user = await getSessionUser(request);
  const result = await checkDiscountCode({
    code: query.code,
    subtotalCents: query.subtotal === undefined ? undefined : dollarsToCents(query.subtotal),
    items: body.items?.map((i) => ({ productId: i.product_id, licence: i.licence, upgradeLicenceId: i.upgrade_licence_id })),
    userId: user?.id ?? null,
    email: user?.email ?? body.email ?? null,
  });
  return json(toDiscountValidationResponse(result));
});
