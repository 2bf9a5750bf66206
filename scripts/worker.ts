// `npm run worker`: the background job worker as its own process, for production
// scale. Web instances then run with SHOP_DISABLE_WORKER=1 and answer requests
// only; any number of these workers share the durable `Job` table (claims use
// FOR UPDATE SKIP LOCKED). Same handlers as the in-process worker
// (registerJobHandlers). SIGTERM / SIGINT: stop claiming, let the jobs in hand
// finish, close the database pool, exit 0. A second signal exits at once; a job
// cut off that way is reclaimed by another worker after STALE_AFTER_SECONDS.
//   DATABASE_URL=… S3_ENDPOINT=… npm run worker
// Needs the same environment as the web process (see .env.example).
import { availableParallelism } from 'node:os';
import { env } from '../lib/env';
import { registerJobHandlers } from '../lib/domain/jobs/handlers';
import { db } from '../lib/infra/db';
import { claimJobs, completeJob, failJob, type JobRow } from '../lib/infra/jobs';

type Handler = (payload: unknown) => Promise<void>;

const POLL_MS = 1_000;
// Image jobs are CPU-bound in libvips' own threads: about one job per core keeps them busy.
const CONCURRENCY = Math.max(1, Number(process.env.WORKER_CONCURRENCY) || availableParallelism());

const log = (message: string) => console.log(`[worker] ${new Date().toISOString()} ${message}`);

const settings = env();
if (!settings.DATABASE_URL) {
  console.error('[worker] DATABASE_URL is not set: the worker needs the same database (and S3 settings) as the shop');
  process.exit(1);
}

registerJobHandlers();
// lib/domain/jobs keeps its handler map on globalThis (shared by Next's bundles); the worker reads the same map.
const handlers = (globalThis as unknown as { shopJobHandlers?: Map<string, Handler> }).shopJobHandlers ?? new Map<string, Handler>();
const kinds = [...handlers.keys()];
if (kinds.length === 0) {
  console.error('[worker] no job handlers registered');
  process.exit(1);
}

let stopping = false;
let wake: (() => void) | null = null;
const inFlight = new Set<Promise<void>>();

function shutdown(signal: string) {
  if (stopping) {
    log(`${signal} again: exiting now; unfinished jobs will be reclaimed`);
    process.exit(1);
  }
  stopping = true;
  log(`${signal}: finishing ${inFlight.size} job(s) in hand, then exiting`);
  wake?.();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

async function runJob(job: JobRow): Promise<void> {
  const handler = handlers.get(job.kind);
  const started = Date.now();
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(job.payload);
    await completeJob(job.id);
    if (process.env.WORKER_VERBOSE === '1') log(`${job.kind} ${job.id} done in ${Date.now() - started} ms`);
  } catch (error) {
    console.error(`[worker] ${job.kind} ${job.id} failed (attempt ${job.attempts})`, error instanceof Error ? error.message : error);
    await failJob(job, error).catch((e: unknown) => console.error('[worker] could not record the failure', e));
  }
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wake = null;
      resolve();
    }
    wake = done;
  });

/** Keeps up to CONCURRENCY jobs running; claims only as many as there are free slots. */
async function loop(): Promise<void> {
  log(`started: ${kinds.join(', ')}; concurrency ${CONCURRENCY}`);
  while (!stopping) {
    const free = CONCURRENCY - inFlight.size;
    let claimed: JobRow[] = [];
    if (free > 0) {
      try {
        claimed = await claimJobs(free, kinds);
      } catch (error) {
        console.error('[worker] poll failed', error instanceof Error ? error.message : error);
      }
    }
    for (const job of claimed) {
      const running = runJob(job).finally(() => {
        inFlight.delete(running);
        wake?.();
      });
      inFlight.add(running);
    }
    if (stopping) break;
    // Full: wait for a slot. Idle: poll again after POLL_MS (or as soon as a job ends).
    if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
    else if (claimed.length === 0) await sleep(POLL_MS);
  }
  await Promise.allSettled([...inFlight]);
}

await loop();
await db().$disconnect().catch(() => {});
log('stopped');
process.exit(0);
