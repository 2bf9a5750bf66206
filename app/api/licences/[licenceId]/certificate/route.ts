// GET /api/licences/{licenceId}/certificate — the licence's PDF certificate (same access and limits as the order's invoice)
import { certificateQuerySchema } from '@/lib/contract/licence-certificate';
import { licenceParamsSchema } from '@/lib/contract/licences';
import { licenceCertificatePdf } from '@/lib/domain/invoices';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, parseParams, parseQuery } from '@/lib/http/handler';
import { pdfResponse } from '@/lib/http/pdf';
import { getSessionUser } from '@/lib/http/session';

export const GET = handler<{ licenceId: string }>(async (request, { params }) => {
  const { licenceId } = await parseParams(params, licenceParamsSchema);
  const { session_id } = parseQuery(request, certificateQuerySchema);
  await enforceRateLimit(RATE_LIMITS.download, clientIp(request));
  const user = await getSessionUser(request);
  return pdfResponse(await licenceCertificatePdf({ licenceId, userId: user?.id ?? null, sessionId: session_id ?? null }));
});
