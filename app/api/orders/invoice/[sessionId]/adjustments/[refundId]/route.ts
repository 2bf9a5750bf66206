// GET /api/orders/invoice/{sessionId}/adjustments/{refundId} — the adjustment (or credit) note PDF of a refund (same access as the invoice)
import { adjustmentNoteParams } from '@/lib/contract/checkout';
import { adjustmentNotePdf } from '@/lib/domain/invoices';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, parseParams } from '@/lib/http/handler';
import { pdfResponse } from '@/lib/http/pdf';
import { getSessionUser } from '@/lib/http/session';

export const GET = handler<{ sessionId: string; refundId: string }>(async (request, { params }) => {
  const { sessionId, refundId } = await parseParams(params, adjustmentNoteParams);
  await enforceRateLimit(RATE_LIMITS.download, clientIp(request));
  const user = await getSessionUser(request);
  return pdfResponse(await adjustmentNotePdf({ sessionId, refundId, userId: user?.id ?? null }));
});
