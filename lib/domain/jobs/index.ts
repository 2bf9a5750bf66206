// Runs queued background jobs inside the server process (started from
// instrumentation.ts) or in a separate worker process (scripts/worker.ts), with
// the same loop. Handlers must be idempotent: a job whose worker died mid-way
// is run again once its heartbeat is STALE_AFTER_SECONDS old.
import 'server-only';
import { availableParallelism } from 'node:os';
import { retryWhileUnavailable } from '@/lib/infra/db/unavailable';
import { claimJobs, completeJob, failJob, HEARTBEAT_SECONDS, heartbeatJobs, type JobRow } from '@/lib/infra/jobs';

type Handler = (payload: unknown) => Promise<void>;

const POLL_MS = 1_000;

/**
 * Jobs in flight per process. Image jobs are CPU-bound in libvips threads (one
 * per job, see lib/infra/images); one more than the cores keeps them busy while
 * a job waits on storage or the database. It also stays below libuv's default
 * threadpool of 4, which file and DNS work share with sharp.
 */
export const JOB_CONCURRENCY = Math.min(3, availableParallelism() + 1);

// On globalThis: Next bundles instrumentation and route handlers separately,
// and both copies of this module must see the same handlers and loop.
const state = globalThis as unknown as {
  shopJobHandlers?: Map<string, Handler>;
  shopJobTimer?: NodeJS.Timeout;
  shopJobRunning?: Promise<void> | null;
  shopJobWake?: (() => void) | null;
};
const handlers = (state.shopJobHandlers ??= new Map<string, Handler>());

export function registerJobHandler(kind: string, handler: Handler): void {
  handlers.set(kind, handler);
}

export function registeredJobKinds(): string[] {
  return [...handlers.keys()];
}

type LoopOptions = {
  concurrency: number;
  /** Return once nothing is due and nothing is in flight (the in-process worker); otherwise poll until stopped. */
  untilIdle: boolean;
  signal?: AbortSignal;
  onWakeChange?: (wake: (() => void) | null) => void;
  onJobDone?: (job: JobRow, ms: number) => void;
};

/**
 * A sliding window: up to `concurrency` jobs run at once, and the next is
 * claimed (FOR UPDATE SKIP LOCKED, so any number of loops share the queue) as
 * soon as one finishes, instead of waiting for the slowest of a pass. While
 * jobs run, one UPDATE every HEARTBEAT_SECONDS tells other workers they are alive.
 */
export async function workJobs({ concurrency, untilIdle, signal, onWakeChange, onJobDone }: LoopOptions): Promise<void> {
  const inFlight = new Map<string, Promise<void>>();
  let wake: (() => void) | null = null;
  let woken = false;
  const rouse = () => {
    woken = true;
    wake?.();
  };
  onWakeChange?.(rouse);
  signal?.addEventListener('abort', rouse);
  const heartbeat = setInterval(() => {
    if (inFlight.size > 0) void heartbeatJobs([...inFlight.keys()]).catch(logPollError);
  }, HEARTBEAT_SECONDS * 1000);
  heartbeat.unref?.();
  try {
    while (!signal?.aborted && handlers.size > 0) {
      woken = false;
      const free = concurrency - inFlight.size;
      let claimed: JobRow[] = [];
      if (free > 0) {
        try {
          claimed = await claimJobs(free, registeredJobKinds());
        } catch (error) {
          logPollError(error);
        }
      }
      for (const job of claimed) {
        const started = Date.now();
        const running = runJob(job).finally(() => {
          inFlight.delete(job.id);
          onJobDone?.(job, Date.now() - started);
          rouse();
        });
        inFlight.set(job.id, running);
      }
      if (claimed.length > 0 && inFlight.size < concurrency) continue;
      // A kick (new job queued) or a finished job while we were claiming: look again at once.
      if (woken) continue;
      if (untilIdle && inFlight.size === 0 && claimed.length === 0) return;
      await new Promise<void>((resolve) => {
        const timer = inFlight.size === 0 ? setTimeout(resolve, POLL_MS) : null;
        wake = () => {
          if (timer) clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    await Promise.allSettled([...inFlight.values()]);
  } finally {
    clearInterval(heartbeat);
    signal?.removeEventListener('abort', rouse);
    onWakeChange?.(null);
  }
}

async function runJob(job: JobRow): Promise<void> {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(job.payload);
  } catch (error) {
    console.error(`[jobs] ${job.kind} ${job.id} failed (attempt ${job.attempts})`, error instanceof Error ? error.message : error);
    await failJob(job, error).catch(logPollError);
    return;
  }
  // The work is done: marking it so must outlast a database blip, or the job would run twice.
  await retryWhileUnavailable(() => completeJob(job.id)).catch((error: unknown) => {
    console.error(`[jobs] ${job.kind} ${job.id} done but not marked so`, error instanceof Error ? error.message : error);
  });
}

/** Works through due jobs until none are left. Concurrent calls share one loop; a call while it runs wakes it. */
export function runDueJobs(): Promise<void> {
  if (state.shopJobRunning) {
    state.shopJobWake?.();
    return state.shopJobRunning;
  }
  state.shopJobRunning = workJobs({
    concurrency: JOB_CONCURRENCY,
    untilIdle: true,
    onWakeChange: (wake) => (state.shopJobWake = wake),
  }).finally(() => {
    state.shopJobRunning = null;
  });
  return state.shopJobRunning;
}

/** Starts the polling loop once per process; `kickJobs` runs it early after an enqueue. */
export function startJobWorker(): void {
  if (state.shopJobTimer || handlers.size === 0) return;
  state.shopJobTimer = setInterval(() => void runDueJobs().catch(logPollError), POLL_MS);
  state.shopJobTimer.unref?.();
}

/** Stops the polling loop (jobs in hand still finish); for a clean shutdown. */
export function stopJobWorker(): void {
  clearInterval(state.shopJobTimer);
  state.shopJobTimer = undefined;
}

export function kickJobs(): void {
  if (!state.shopJobTimer) return;
  setImmediate(() => void runDueJobs().catch(logPollError));
}

function logPollError(error: unknown) {
  console.error('[jobs] poll failed', error instanceof Error ? error.message : error);
}
