// `npm run worker`: the background job worker as its own process, for production
// scale. Web instances then run with SHOP_DISABLE_WORKER=1 and answer requests
// only (they still queue jobs, inside their own transactions); any number of
// these workers share the pg-boss queue in the shop database. Same handlers as
// the in-process worker (registerJobHandlers), and the cron schedules.
// SIGTERM / SIGINT: stop taking jobs, let the jobs in hand finish (up to 30 s;
// any still running then go back to the queue), close the pools, exit 0. A
// second signal exits at once; a job cut off that way runs again on another
// worker once its expireInSeconds have passed.
//   DATABASE_URL=… S3_ENDPOINT=… npm run worker
// Needs the same environment as the web process (see .env.example).
import { env } from '../lib/env';
import { catalogInvalidator } from '../lib/cache/worker-invalidation';
import { registerJobHandlers } from '../lib/domain/background-work';
import { registeredJobKinds, startJobWorker, stopJobWorker } from '../lib/domain/jobs';
import { UPLOAD_JOB } from '../lib/domain/uploads';
import { db } from '../lib/infra/db';
import { lowerPriority } from './lib/lower-priority';

// Image work yields to a web process on the same machine (scripts/lib/lower-priority.ts):
// on 2 shared cores it otherwise took the storefront's p95 to 7 × its idle value.
const WORKER_NICE = 10;

// Upload workers per process (JOB_CONCURRENCY by default); the other kinds run one at a time.
const CONCURRENCY = Math.max(0, Number(process.env.WORKER_CONCURRENCY) || 0) || undefined;

const log = (message: string) => console.log(`[worker] ${new Date().toISOString()} ${message}`);

const settings = env();
if (!settings.DATABASE_URL) {
  console.error('[worker] DATABASE_URL is not set: the worker needs the same database (and S3 settings) as the shop');
  process.exit(1);
}

const nice = lowerPriority(WORKER_NICE);
registerJobHandlers();
const kinds = registeredJobKinds();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    log(`${signal} again: exiting now; unfinished jobs run again once they expire`);
    process.exit(1);
  }
  stopping = true;
  log(`${signal}: finishing the jobs in hand, then exiting`);
  await stopJobWorker();
  await catalog?.close();
  await db()
    .$disconnect()
    .catch(() => {});
  log('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// With a shared cache (REDIS_URL), products this worker creates reach every instance's pages at once.
const catalog = catalogInvalidator(log);
try {
  await startJobWorker(CONCURRENCY, (kind) => {
    if (kind === UPLOAD_JOB) catalog?.changed();
  });
} catch (error) {
  console.error('[worker] could not start the job queue:', error instanceof Error ? error.message : error);
  process.exit(1);
}
log(`started: ${kinds.join(', ')}, nice ${nice}${catalog ? '; expires the shared catalogue cache after uploads' : ''}`);
