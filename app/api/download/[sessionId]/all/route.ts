// GET /api/download/{sessionId}/all?product_id= — every file of a paid order (or of one of its products) as one streamed ZIP
// HEAD answers the same checks and headers without streaming: it takes none of the customer's ZIP slots (Decision 074).
import { downloadAllParamsSchema, downloadAllQuerySchema } from '@/lib/contract/checkout';
import { createOrderArchive, describeOrderArchive, type ArchiveRequest } from '@/lib/domain/downloads';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { clientIp } from '@/lib/http/client';
import { handler, parseParams, parseQuery, type RouteContext } from '@/lib/http/handler';
import { getSessionUser } from '@/lib/http/session';

type Context = RouteContext<{ sessionId: string }>;

async function archiveRequest(request: Request, { params }: Context): Promise<ArchiveRequest> {
  const { sessionId } = await parseParams(params, downloadAllParamsSchema);
  const { product_id } = parseQuery(request, downloadAllQuerySchema);
  const ip = clientIp(request);
  await enforceRateLimit(RATE_LIMITS.download, ip);
  const user = await getSessionUser(request);
  return { sessionId, productId: product_id, userId: user?.id ?? null, ip };
}

const zipHeaders = (filename: string) => ({
  'Content-Type': 'application/zip',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
});

export const GET = handler<{ sessionId: string }>(async (request, context) => {
  const archive = await createOrderArchive(await archiveRequest(request, context));
  return new Response(archive.body, { headers: zipHeaders(archive.filename) });
});

// Without its own HEAD, Next answers HEAD with GET and never reads or cancels the
// body: every HEAD would hold a ZIP slot and a storage connection for good.
export const HEAD = handler<{ sessionId: string }>(async (request, context) => {
  const archive = await describeOrderArchive(await archiveRequest(request, context));
  return new Response(null, { headers: zipHeaders(archive.filename) });
});
