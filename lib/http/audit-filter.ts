import 'server-only';
import type { AuditQuery } from '@/lib/contract/staff';
import type { AuditFilter } from '@/lib/domain/audit';
import { nextDay, zonedDayStart } from '@/lib/format';

/** The Audit tab's filter: days are the shop's (Sydney) days, as dates are shown; the end date is inclusive. */
export function toAuditFilter(q: AuditQuery): AuditFilter {
  return {
    actor: q.actor,
    action: q.action,
    from: q.start_date ? zonedDayStart(q.start_date) : undefined,
    before: q.end_date ? zonedDayStart(nextDay(q.end_date)) : undefined,
  };
}
