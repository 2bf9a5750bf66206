// GET /api/download/{sessionId}/all?product_id= — every file of a paid order (or of one of its products) as one streamed ZIP
import { downloadAllParamsSchema, downloadAllQuerySchema } from '@/lib/contract/checkout';
import { createOrderArchive } from '@/lib/domain/downloads';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, parseParams, parseQuery } from '@/lib/http/handler';
import { getSessionUser } from '@/lib/http/session';

export const GET = handler<{ sessionId: string }>(async (request, { params }) => {
  const { sessionId } = await parseParams(params, downloadAllParamsSchema);
  const { product_id } = parseQuery(request, downloadAllQuerySchema);
  const ip = clientIp(request);
  await enforceRateLimit(RATE_LIMITS.download, ip);
  const user = await getSessionUser(request);
  const archive = await createOrderArchive({ sessionId, productId: product_id, userId: user?.id ?? null, ip });
  return new Response(archive.body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${archive.filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
