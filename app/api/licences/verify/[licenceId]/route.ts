// GET /api/licences/verify/{licenceId} — public: a licence's product, tier, masked holder and status (rate-limited per client)
import { licenceParamsSchema, licenceVerificationResponse } from '@/lib/contract/licences';
import { verifyLicence } from '@/lib/domain/licences';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseParams } from '@/lib/http/handler';
import { toVerificationResponse } from '@/lib/http/responses/licences';

export const GET = handler<{ licenceId: string }>(async (request, { params }) => {
  // Counted before the id is even parsed: malformed guesses spend the budget too (SECURITY N2).
  await enforceRateLimit(RATE_LIMITS.licenceVerify, clientIp(request));
  const { licenceId } = await parseParams(params, licenceParamsSchema);
  // A revocation must show at once: never cached.
  return jsonOf(licenceVerificationResponse, toVerificationResponse(await verifyLicence(licenceId)), { cache: 'no-store' });
});
