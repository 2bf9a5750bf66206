// GET /api/admin/audit.csv?actor=&action=&start_date=&end_date= — every matching audit entry as CSV, streamed
import { auditCsv } from '@/lib/domain/audit';
import { adminHandler } from '@/lib/http/admin';
import { auditQuery } from '@/lib/http/audit-filter';
import { csvResponse } from '@/lib/http/csv';

export const GET = adminHandler('audit', async (request) =>
  csvResponse(`audit-${new Date().toISOString().slice(0, 10)}.csv`, auditCsv(auditQuery(request).filter)),
);
