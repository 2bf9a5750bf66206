// POST /api/validate-discount?code=…&subtotal=… — whether a discount code or gift card applies
import { validateDiscountQuerySchema } from '@/lib/contract/checkout';
import { invalid } from '@/lib/domain/errors';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { validateDiscount } from '@/lib/domain/vouchers';
import { dollarsToCents } from '@/lib/format';
import { clientIp } from '@/lib/http/client';
import { handler, json, parseQuery } from '@/lib/http/handler';
import { toDiscountValidationResponse } from '@/lib/http/responses/vouchers';

export const POST = handler(async (request) => {
  const query = parseQuery(request, validateDiscountQuerySchema);
  if (!query.code) throw invalid('Please enter a discount code');
  // Limited before the lookup so codes cannot be guessed at speed.
  await enforceRateLimit(RATE_LIMITS.validateDiscount, clientIp(request));
  const result = await validateDiscount(query.code, query.subtotal === undefined ? undefined : dollarsToCents(query.subtotal));
  return json(toDiscountValidationResponse(result));
});
