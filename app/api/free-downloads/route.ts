// POST /api/free-downloads — email a single-use link for a free product (202, the same answer for every address)
import { freeDownloadRequestBody, freeDownloadRequestResponse } from '@/lib/contract/free-downloads';
import { requestFreeDownload } from '@/lib/domain/free-downloads';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const input = await parseBody(request, freeDownloadRequestBody);
  // Before any query or email: per client, and per address so no one can flood an inbox from many clients.
  await enforceRateLimit(RATE_LIMITS.freeDownload, clientIp(request));
  await enforceRateLimit(RATE_LIMITS.freeDownloadEmail, input.email.trim().toLowerCase());
  await requestFreeDownload({ productId: input.product_id, email: input.email, name: input.name, consent: input.consent });
  return jsonOf(
    freeDownloadRequestResponse,
    { success: true, message: 'Check your email: we sent you a link to confirm your address and get your download.' },
    { status: 202 },
  );
});
