import 'server-only';
import { db, Prisma } from '@/lib/infra/db';

// A durable job queue in Postgres. Any number of workers claim due jobs with
// FOR UPDATE SKIP LOCKED; a running job's worker refreshes its heartbeat every
// HEARTBEAT_SECONDS, and a job whose heartbeat is STALE_AFTER_SECONDS old (its
// worker died) is claimed again; failures retry with backoff up to MAX_ATTEMPTS.

export const MAX_ATTEMPTS = 5;
export const HEARTBEAT_SECONDS = 10;
/** Three missed heartbeats: long enough for a GC pause or a slow query, short enough that a crash costs seconds, not minutes. */
export const STALE_AFTER_SECONDS = 30;

export type JobRow = { id: string; kind: string; payload: unknown; attempts: number };
type Tx = Prisma.TransactionClient;

/** Queues a job (due now, or at `runAt`); with a dedupe key, a second enqueue of the same key is a no-op. */
export async function enqueueJob(tx: Tx, kind: string, payload: Prisma.InputJsonValue, dedupeKey?: string, runAt?: Date): Promise<void> {
  await tx.job.createMany({ data: [{ kind, payload, dedupeKey, runAt }], skipDuplicates: true });
}

/** Claims up to `limit` due jobs of the given kinds. */
export async function claimJobs(limit: number, kinds: string[]): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  const kindFilter = Prisma.sql`AND kind IN (${Prisma.join(kinds)})`;
  return db().$queryRaw<JobRow[]>`
    UPDATE "Job" SET status = 'running', "lockedAt" = now(), "heartbeatAt" = now(), attempts = attempts + 1, "updatedAt" = now()
    WHERE id IN (
      SELECT id FROM "Job"
      WHERE ((status = 'pending' AND "runAt" <= now())
         OR (status = 'running' AND COALESCE("heartbeatAt", "lockedAt") < now() - make_interval(secs => ${STALE_AFTER_SECONDS})))
      ${kindFilter}
      ORDER BY "runAt"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts`;
}

/** The worker holding these jobs is alive. */
export async function heartbeatJobs(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db().job.updateMany({ where: { id: { in: ids }, status: 'running' }, data: { heartbeatAt: new Date() } });
}

export async function completeJob(id: string): Promise<void> {
  await db().job.update({ where: { id }, data: { status: 'done', lockedAt: null, lastError: null } });
}

export async function failJob(job: JobRow, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= MAX_ATTEMPTS;
  // 5 s, 20 s, 80 s, 320 s between attempts.
  const delaySeconds = 5 * 4 ** (job.attempts - 1);
  await db().job.update({
    where: { id: job.id },
    data: {
      status: final ? 'failed' : 'pending',
      lockedAt: null,
      lastError: message.slice(0, 2000),
      runAt: new Date(Date.now() + delaySeconds * 1000),
    },
  });
}
