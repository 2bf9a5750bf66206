// Background jobs: what the domain queues and which handler runs each kind.
// A job is queued inside the caller's transaction, so it exists exactly when
// the change that asked for it commits. Handlers must be idempotent: a job
// whose worker died is run again once its expireInSeconds have passed.
import 'server-only';
import { availableParallelism } from 'node:os';
import {
  enqueueJob,
  kickJobs,
  listSchedules,
  runDueJobs as runDueJobsNow,
  scheduleQueue,
  startJobQueue,
  stopJobQueue,
  workQueue,
  type EnqueueOptions,
  type JobHandler,
  type QueueSettings,
} from '@/lib/infra/jobs';

export { kickJobs, listSchedules, maintainJobQueue, type EnqueueOptions } from '@/lib/infra/jobs';

/**
 * Jobs in flight per process for the busiest kind (uploads). Image jobs are
 * CPU-bound in libvips threads (one per job, see lib/infra/images); one more
 * than the cores keeps them busy while a job waits on storage or the database.
 * It also stays below libuv's default threadpool of 4, which file and DNS work
 * share with sharp.
 */
export const JOB_CONCURRENCY = Math.min(3, availableParallelism() + 1);

export type JobKindOptions = Partial<QueueSettings> & {
  /** Workers for this kind in each process. */
  concurrency?: number;
  /** A cron line (UTC): the job is also queued on this schedule. */
  cron?: string;
  /** How often an idle worker looks for jobs queued by other processes (this process's own wake it at once). */
  pollSeconds?: number;
};
type Registered = { handler: JobHandler; settings: QueueSettings; concurrency: number; cron?: string; pollSeconds?: number };

// Five runs in all, 5-10 s, 10-20 s, 20-40 s, 40-80 s apart.
const DEFAULTS: QueueSettings = { retryLimit: 4, retryDelaySeconds: 5, expireInSeconds: 60 };

const state = globalThis as unknown as { shopJobKinds?: Map<string, Registered> };
const kinds = (state.shopJobKinds ??= new Map<string, Registered>());

export function registerJobHandler(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
  const { concurrency = 1, cron, pollSeconds, ...settings } = options;
  kinds.set(kind, { handler, settings: { ...DEFAULTS, ...settings }, concurrency, cron, pollSeconds });
}

export function registeredJobKinds(): string[] {
  return [...kinds.keys()];
}

type Tx = Parameters<typeof enqueueJob>[0];

/** Queues `kind` with `payload` inside the transaction `tx`. */
export function enqueue(tx: Tx, kind: string, payload: Parameters<typeof enqueueJob>[2], options?: EnqueueOptions): Promise<void> {
  return enqueueJob(tx, kind, payload, options);
}

function queueSettings(): Record<string, QueueSettings> {
  return Object.fromEntries([...kinds].map(([kind, { settings }]) => [kind, settings]));
}

/** Connects to the queue and brings every registered kind's queue up to its settings, without working any. */
export async function openJobQueue(): Promise<void> {
  await startJobQueue(queueSettings());
}

/** Starts this process's workers for every registered kind, and the cron schedules; `parallel` replaces JOB_CONCURRENCY. */
export async function startJobWorker(parallel?: number): Promise<void> {
  await openJobQueue();
  for (const [kind, { handler, concurrency, pollSeconds }] of kinds) {
    await workQueue(kind, parallel && concurrency > 1 ? parallel : concurrency, handler, pollSeconds);
  }
  await scheduleJobs();
}

/** Registers the cron schedules of the registered kinds (pg-boss keeps them in the database; any worker sends them). */
export async function scheduleJobs(): Promise<void> {
  await openJobQueue();
  for (const [kind, { cron }] of kinds) if (cron) await scheduleQueue(kind, cron);
}

/** Stops taking jobs; the ones in hand finish (up to 30 s) or go back to the queue. */
export function stopJobWorker(): Promise<void> {
  return stopJobQueue();
}

/** Runs every due job now, until none is left (tests and scripts that must see the work done). */
export async function runDueJobs(): Promise<void> {
  await openJobQueue();
  await runDueJobsNow(new Map([...kinds].map(([kind, { handler }]) => [kind, handler])), JOB_CONCURRENCY);
}
