import 'server-only';
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { env } from '@/lib/env';
import type { Prisma } from '@/lib/infra/db';

// The durable job queue: pg-boss on the shop's own Postgres, in its own schema.
// pg-boss claims jobs with SKIP LOCKED, retries failures with exponential
// backoff, puts a job whose worker vanished back in the queue once its
// `expireInSeconds` have passed (its maintenance runs on any worker), and runs
// cron schedules. Decision 051 says why pg-boss 10 and how the schema is made.

export const JOB_SCHEMA = 'pgboss';
/** Expiry of a dead worker's jobs is checked this often, so a crash costs expireInSeconds plus at most this. */
const MAINTENANCE_SECONDS = 15;

export type QueueSettings = {
  /** Runs after the first that fail; the delay doubles each time, from retryDelaySeconds (with jitter). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still active after this long is taken as lost (its worker died) and retried. Longer than the slowest honest run. */
  expireInSeconds: number;
};
export type EnqueueOptions = {
  /** A job that must exist once (e.g. one order email per order): a second enqueue with the same key is a no-op. */
  key?: string;
  runAt?: Date;
};
export type JobHandler = (payload: unknown) => Promise<void>;
type Tx = Prisma.TransactionClient;

// On globalThis: Next bundles instrumentation and route handlers separately,
// and both copies of this module must share one client and its workers.
const state = globalThis as unknown as {
  shopBoss?: PgBoss;
  shopBossStarted?: Promise<PgBoss> | null;
  shopBossWorkers?: Map<string, string[]>;
};
const workers = (state.shopBossWorkers ??= new Map<string, string[]>());

/** The client; sending through a transaction needs no connection of its own, so this does not connect. */
function boss(): PgBoss {
  state.shopBoss ??= createBoss();
  return state.shopBoss;
}

function createBoss(): PgBoss {
  const url = env().DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the job queue lives in the shop database');
  const client = new PgBoss({
    connectionString: url,
    schema: JOB_SCHEMA,
    max: 4,
    // Created by a migration (prisma/migrations/*_pg_boss_queue); a newer pg-boss upgrades its own schema here at start.
    migrate: true,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  client.on('error', (error: unknown) => console.error('[jobs]', error instanceof Error ? error.message : error));
  return client;
}

/** Connects (once per process), brings the schema up to this pg-boss version and creates or updates the queues. */
export function startJobQueue(queues: Record<string, QueueSettings>): Promise<PgBoss> {
  state.shopBossStarted ??= (async () => {
    const client = boss();
    await client.start();
    return client;
  })().catch((error: unknown) => {
    state.shopBossStarted = null;
    throw error;
  });
  return state.shopBossStarted.then(async (client) => {
    for (const [name, settings] of Object.entries(queues)) await defineQueue(client, name, settings);
    return client;
  });
}

async function defineQueue(client: PgBoss, name: string, settings: QueueSettings): Promise<void> {
  const options = {
    name,
    policy: 'standard' as const,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
  };
  if (await client.getQueue(name)) await client.updateQueue(name, options);
  else await client.createQueue(name, options);
}

/** Deterministic id from a key, so the library's insert (ON CONFLICT DO NOTHING) de-duplicates. */
function idFromKey(kind: string, key: string): string {
  const hex = createHash('sha256').update(`${kind}\0${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** pg-boss's own SQL, run on the caller's Prisma transaction: the job exists if and only if the transaction commits. */
function onTransaction(tx: Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const params = values.map((v) => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v));
      return { rows: await tx.$queryRawUnsafe<unknown[]>(text, ...params) };
    },
  };
}

/** Queues a job inside `tx`. A job for a queue that does not exist throws rather than vanishing. */
export async function enqueueJob(tx: Tx, kind: string, payload: Prisma.InputJsonObject, options: EnqueueOptions = {}): Promise<void> {
  const id = await boss().send(kind, payload, {
    id: options.key ? idFromKey(kind, options.key) : undefined,
    startAfter: options.runAt,
    db: onTransaction(tx),
  });
  if (id) return;
  const queue = await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = $1`, kind);
  if (queue.length === 0) throw new Error(`No job queue named ${kind}`);
}

function logFailure(kind: string, id: string, error: unknown) {
  console.error(`[jobs] ${kind} ${id} failed`, error instanceof Error ? error.message : error);
}

/**
 * Starts `concurrency` workers on the queue in this process; each takes one job
 * at a time and, with nothing to do, looks again every `pollSeconds` (sooner
 * when `kickJobs` wakes it).
 */
export async function workQueue(kind: string, concurrency: number, handler: JobHandler, pollSeconds = 2): Promise<void> {
  const client = await startedBoss();
  const ids: string[] = [];
  for (let n = 0; n < concurrency; n++) {
    let id = '';
    id = await client.work(kind, { batchSize: 1, pollingIntervalSeconds: pollSeconds }, async ([job]) => {
      try {
        await handler(job.data);
      } catch (error) {
        logFailure(kind, job.id, error);
        throw error;
      } finally {
        // pg-boss 10 would wait out the rest of the polling interval before the
        // next fetch: one job per interval per worker. Waking it takes the next job at once.
        client.notifyWorker(id);
      }
    });
    ids.push(id);
  }
  workers.set(kind, [...(workers.get(kind) ?? []), ...ids]);
}

/** Registers (or moves) a cron schedule (UTC); pg-boss sends one job per tick across all workers. */
export async function scheduleQueue(kind: string, cron: string): Promise<void> {
  await (await startedBoss()).schedule(kind, cron, {}, { tz: 'UTC' });
}

export async function listSchedules(): Promise<{ name: string; cron: string }[]> {
  return (await (await startedBoss()).getSchedules()).map(({ name, cron }) => ({ name, cron }));
}

/** New work was queued in this process: its idle workers look now instead of at their next poll. */
export function kickJobs(): void {
  const client = state.shopBoss;
  if (!client) return;
  for (const ids of workers.values()) for (const id of ids) client.notifyWorker(id);
}

/** Stops taking jobs and waits up to `timeoutMs` for the ones in hand; any still running then go back to the queue. */
export async function stopJobQueue(timeoutMs = 30_000): Promise<void> {
  const client = state.shopBoss;
  const started = state.shopBossStarted;
  if (!client || !started) return;
  // A later start gets a fresh client: pg-boss's stop closes its pool for good.
  state.shopBoss = undefined;
  state.shopBossStarted = null;
  workers.clear();
  await started.catch(() => null);
  await client.stop({ graceful: true, timeout: timeoutMs, wait: true });
}

function startedBoss(): Promise<PgBoss> {
  if (!state.shopBossStarted) throw new Error('The job queue is not started (startJobQueue)');
  return state.shopBossStarted;
}

/**
 * Runs every due job of the given kinds, here and now, until none is left
 * (failures go back with their backoff, so they are not due again at once).
 * For tests and scripts that need the work done before they look; the shop
 * itself uses the workers of `workQueue`.
 */
export async function runDueJobs(handlers: Map<string, JobHandler>, concurrency: number): Promise<void> {
  const client = await startedBoss();
  for (;;) {
    let ran = 0;
    for (const [kind, handler] of handlers) {
      const jobs = await client.fetch<Record<string, unknown>>(kind, { batchSize: concurrency });
      ran += jobs.length;
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await handler(job.data);
          } catch (error) {
            logFailure(kind, job.id, error);
            await client.fail(kind, job.id, { message: error instanceof Error ? error.message : String(error) });
            return;
          }
          await client.complete(kind, job.id);
        }),
      );
    }
    if (ran === 0) return;
  }
}

/** Lost-job recovery and clean-up, as the workers' maintenance runs it; tests call it instead of waiting. */
export async function maintainJobQueue(): Promise<void> {
  await (await startedBoss()).maintain();
}
