import 'server-only';
import { auditQuerySchema } from '@/lib/contract/staff';
import type { AuditFilter } from '@/lib/domain/audit';
import { nextDay, zonedDayStart } from '@/lib/format';
import { parseQuery } from './handler';

/** The Audit tab's filter from a query: days are the shop's (Sydney) days, as dates are shown; the end date is inclusive. */
export function auditQuery(request: Request): { filter: AuditFilter; limit: number; offset: number } {
  const q = parseQuery(request, auditQuerySchema);
  return {
    filter: {
      actor: q.actor,
      action: q.action,
      from: q.start_date ? zonedDayStart(q.start_date) : undefined,
      before: q.end_date ? zonedDayStart(nextDay(q.end_date)) : undefined,
    },
    limit: q.limit,
    offset: q.offset,
  };
}
