// Reading the audit log: one page for the Audit tab, or every matching row as
// a streamed CSV, both newest first and under the same filter.
import 'server-only';
import { csvStream } from '@/lib/domain/csv';
import { db, type Prisma } from '@/lib/infra/db';

export type AuditFilter = { actor?: string; action?: string; from?: Date; before?: Date };
export type AuditEntry = { id: string; createdAt: Date; actor: string; action: string; target: string | null; details: Prisma.JsonValue | null };

const ENTRY_SELECT = { id: true, createdAt: true, actor: true, action: true, target: true, details: true } as const;
const NEWEST_FIRST = [{ createdAt: 'desc' }, { id: 'desc' }] as const satisfies Prisma.AuditLogOrderByWithRelationInput[];

function whereOf(filter: AuditFilter): Prisma.AuditLogWhereInput {
  return {
    ...(filter.actor ? { actor: filter.actor } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.from || filter.before ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.before ? { lt: filter.before } : {}) } } : {}),
  };
}

export async function listAudit(filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = whereOf(filter);
  const [entries, total] = await Promise.all([
    db().auditLog.findMany({ where, orderBy: [...NEWEST_FIRST], take: page.limit, skip: page.offset, select: ENTRY_SELECT }),
    db().auditLog.count({ where }),
  ]);
  return { entries, total };
}

/** The actions recorded so far, for the tab's filter. */
export async function listAuditActions(): Promise<string[]> {
  const rows = await db().auditLog.findMany({ distinct: ['action'], select: { action: true }, orderBy: { action: 'asc' } });
  return rows.map((r) => r.action);
}

const EXPORT_BATCH = 1000;

/** Every matching row, a batch at a time, by keyset (newest first): later pages cost what the first did. */
async function* auditBatches(filter: AuditFilter): AsyncGenerator<AuditEntry[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const where: Prisma.AuditLogWhereInput = after
      ? { AND: [whereOf(filter), { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] }
      : whereOf(filter);
    const batch = await db().auditLog.findMany({ where, orderBy: [...NEWEST_FIRST], take: EXPORT_BATCH, select: ENTRY_SELECT });
    if (batch.length) yield batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1];
  }
}

export const AUDIT_CSV_HEADER = ['time', 'staff', 'action', 'target', 'details'] as const;

export function auditCsv(filter: AuditFilter): ReadableStream<Uint8Array> {
  return csvStream(AUDIT_CSV_HEADER, auditBatches(filter), (e) => [
    e.createdAt,
    e.actor,
    e.action,
    e.target,
    e.details === null ? null : JSON.stringify(e.details),
  ]);
}
