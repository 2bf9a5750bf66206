// POST /api/free-downloads/confirm — use an emailed free-download link once: creates the order, answers its session id
import { freeDownloadConfirmBody, freeDownloadConfirmResponse } from '@/lib/contract/free-downloads';
import { confirmFreeDownload } from '@/lib/domain/free-downloads';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { assertSameOrigin, clientIp } from '@/lib/http/client';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

// A POST from the confirm page's button, never the GET of the link itself:
// mail scanners open links, and only the person should create the order.
export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const { token } = await parseBody(request, freeDownloadConfirmBody);
  await enforceRateLimit(RATE_LIMITS.freeDownloadConfirm, clientIp(request));
  const { sessionId } = await confirmFreeDownload(token);
  return jsonOf(freeDownloadConfirmResponse, { success: true, session_id: sessionId });
});
