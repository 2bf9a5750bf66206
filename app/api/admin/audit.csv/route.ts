// GET /api/admin/audit.csv?actor=&action=&start_date=&end_date= — every matching audit entry as CSV, streamed
import { auditQuerySchema } from '@/lib/contract/staff';
import { auditCsv } from '@/lib/domain/audit';
import { adminHandler } from '@/lib/http/admin';
import { toAuditFilter } from '@/lib/http/audit-filter';
import { csvResponse, datedCsvName } from '@/lib/http/csv';
import { parseQuery } from '@/lib/http/handler';

export const GET = adminHandler('audit', async (request) => {
  const filter = toAuditFilter(parseQuery(request, auditQuerySchema));
  return csvResponse(datedCsvName('audit'), auditCsv(filter));
});
