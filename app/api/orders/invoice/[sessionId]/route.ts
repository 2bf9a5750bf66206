// GET /api/orders/invoice/{sessionId} — the invoice PDF of a paid order or membership payment (same access as downloads)
import { sessionParamsSchema } from '@/lib/contract/checkout';
import { orderInvoicePdf } from '@/lib/domain/invoices';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, parseParams } from '@/lib/http/handler';
import { pdfResponse } from '@/lib/http/pdf';
import { getSessionUser } from '@/lib/http/session';

export const GET = handler<{ sessionId: string }>(async (request, { params }) => {
  const { sessionId } = await parseParams(params, sessionParamsSchema);
  await enforceRateLimit(RATE_LIMITS.download, clientIp(request));
  const user = await getSessionUser(request);
  return pdfResponse(await orderInvoicePdf({ sessionId, userId: user?.id ?? null }));
});
