// Reads and ages rows of the job queue (pg-boss's own table in the shop
// database), for tests that check what was queued or play a dead worker.
import { db } from '@/lib/infra/db';

export type QueuedJob = {
  id: string;
  name: string;
  data: Record<string, unknown>;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  startAfter: Date;
  startedOn: Date | null;
};

/** Jobs of `kind` whose payload contains `payload`, oldest first. */
export function queuedJobs(kind: string, payload: Record<string, unknown> = {}): Promise<QueuedJob[]> {
  return db().$queryRaw<QueuedJob[]>`
    SELECT id::text, name, data, state::text AS state, retry_count AS "retryCount", start_after AS "startAfter", started_on AS "startedOn"
    FROM pgboss.job WHERE name = ${kind} AND data @> ${JSON.stringify(payload)}::jsonb
    ORDER BY created_on, id`;
}

/** The worker holding these jobs went silent `seconds` ago (its process died). */
export async function ageActiveJobs(ids: string[], seconds: number): Promise<void> {
  await db().$executeRaw`UPDATE pgboss.job SET started_on = now() - make_interval(secs => ${seconds}) WHERE id = ANY(${ids}::uuid[]) AND state = 'active'`;
}

/** The backoff has passed: jobs waiting to retry are due now. */
export async function makeRetriesDue(kind: string): Promise<void> {
  await db().$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = ${kind} AND state = 'retry'`;
}
