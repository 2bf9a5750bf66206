// Runs queued background jobs inside the server process (started from
// instrumentation.ts) or in a separate worker process. Handlers must be
// idempotent: a job whose worker died mid-way is run again.
import 'server-only';
import { claimJobs, completeJob, failJob, type JobRow } from '@/lib/infra/jobs';

type Handler = (payload: unknown) => Promise<void>;

const POLL_MS = 1_000;
const BATCH = 5;

// On globalThis: Next bundles instrumentation and route handlers separately,
// and both copies of this module must see the same handlers and loop.
const state = globalThis as unknown as {
  shopJobHandlers?: Map<string, Handler>;
  shopJobTimer?: NodeJS.Timeout;
  shopJobRunning?: Promise<void> | null;
};
const handlers = (state.shopJobHandlers ??= new Map<string, Handler>());

export function registerJobHandler(kind: string, handler: Handler): void {
  handlers.set(kind, handler);
}

/** Works through due jobs until none are left. Concurrent calls share one pass. */
export function runDueJobs(): Promise<void> {
  state.shopJobRunning ??= (async () => {
    try {
      while (handlers.size > 0) {
        const jobs = await claimJobs(BATCH, [...handlers.keys()]);
        if (jobs.length === 0) return;
        await Promise.all(jobs.map(runJob));
      }
    } finally {
      state.shopJobRunning = null;
    }
  })();
  return state.shopJobRunning;
}

async function runJob(job: JobRow): Promise<void> {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(job.payload);
    await completeJob(job.id);
  } catch (error) {
    console.error(`[jobs] ${job.kind} ${job.id} failed (attempt ${job.attempts})`, error instanceof Error ? error.message : error);
    await failJob(job, error);
  }
}

/** Starts the polling loop once per process; `kickJobs` runs it early after an enqueue. */
export function startJobWorker(): void {
  if (state.shopJobTimer || handlers.size === 0) return;
  state.shopJobTimer = setInterval(() => void runDueJobs().catch(logPollError), POLL_MS);
  state.shopJobTimer.unref?.();
}

export function kickJobs(): void {
  if (!state.shopJobTimer) return;
  setImmediate(() => void runDueJobs().catch(logPollError));
}

function logPollError(error: unknown) {
  console.error('[jobs] poll failed', error instanceof Error ? error.message : error);
}
