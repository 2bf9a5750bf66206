// GET /api/admin/audit?actor=&action=&start_date=&end_date=&limit=&offset= — one page of the audit log, newest first (total in X-Total-Count), with the names and actions to filter by
import { auditQuerySchema, auditResponse } from '@/lib/contract/staff';
import { listAudit, listAuditActions } from '@/lib/domain/audit';
import { listStaffUsernames } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { toAuditFilter } from '@/lib/http/audit-filter';
import { jsonOf, parseQuery } from '@/lib/http/handler';
import { toAuditEntryResponse } from '@/lib/http/responses/staff';

export const GET = adminHandler('audit', async (request) => {
  const query = parseQuery(request, auditQuerySchema);
  const [page, actors, actions] = await Promise.all([
    listAudit(toAuditFilter(query), { limit: query.limit, offset: query.offset }),
    listStaffUsernames(),
    listAuditActions(),
  ]);
  return jsonOf(auditResponse, { entries: page.entries.map(toAuditEntryResponse), actors, actions }, { headers: { 'X-Total-Count': String(page.total) } });
});
