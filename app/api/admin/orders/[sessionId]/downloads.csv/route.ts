// GET /api/admin/orders/{sessionId}/downloads.csv — the order's whole download log as CSV (evidence for a card dispute)
import { downloadLogCsv, listOrderDownloads } from '@/lib/domain/orders';
import { adminHandler } from '@/lib/http/admin';
import { csvResponse } from '@/lib/http/csv';

export const GET = adminHandler<{ sessionId: string }>('orders', async (_request, context) => {
  const { sessionId } = await context.params;
  const rows = await listOrderDownloads(sessionId);
  return csvResponse(`order-${sessionId.slice(-12).replace(/[^A-Za-z0-9_]/g, '')}-downloads.csv`, downloadLogCsv(rows));
});
