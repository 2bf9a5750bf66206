// GET /api/download/{sessionId}/{productId}?file_id=…|file_index=N — redirect to a short-lived presigned URL of a purchased file
import { downloadParamsSchema, downloadQuerySchema } from '@/lib/contract/checkout';
import { createDownloadUrl } from '@/lib/domain/downloads';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, parseParams, parseQuery } from '@/lib/http/handler';
import { getSessionUser } from '@/lib/http/session';

export const GET = handler<{ sessionId: string; productId: string }>(async (request, { params }) => {
  const { sessionId, productId } = await parseParams(params, downloadParamsSchema);
  const { file_index, file_id } = parseQuery(request, downloadQuerySchema);
  const ip = clientIp(request);
  await enforceRateLimit(RATE_LIMITS.download, ip);
  const user = await getSessionUser(request);
  const url = await createDownloadUrl({ sessionId, productId, fileIndex: file_index, fileId: file_id, userId: user?.id ?? null, ip });
  return new Response(null, {
    status: 302,
    headers: { Location: url, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
});
