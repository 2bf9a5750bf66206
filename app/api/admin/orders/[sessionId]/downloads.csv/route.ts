// GET /api/admin/orders/{sessionId}/downloads.csv — the order's whole download log as CSV (evidence for a card dispute)
import { downloadLogCsv, listOrderDownloads } from '@/lib/domain/orders';
import { adminHandler } from '@/lib/http/admin';

export const GET = adminHandler<{ sessionId: string }>(async (_request, context) => {
  const { sessionId } = await context.params;
  const rows = await listOrderDownloads(sessionId);
  const name = `order-${sessionId.slice(-12).replace(/[^A-Za-z0-9_]/g, '')}-downloads.csv`;
  return new Response(downloadLogCsv(rows), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' },
  });
});
