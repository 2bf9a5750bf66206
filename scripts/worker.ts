// `npm run worker`: the background job worker as its own process, for production
// scale. Web instances then run with SHOP_DISABLE_WORKER=1 and answer requests
// only; any number of these workers share the durable `Job` table (claims use
// FOR UPDATE SKIP LOCKED). Same handlers as the in-process worker
// (registerJobHandlers). SIGTERM / SIGINT: stop claiming, let the jobs in hand
// finish, close the database pool, exit 0. A second signal exits at once; a job
// cut off that way is reclaimed by another worker once its heartbeat is
// STALE_AFTER_SECONDS (30 s) old.
//   DATABASE_URL=… S3_ENDPOINT=… npm run worker
// Needs the same environment as the web process (see .env.example).
import { env } from '../lib/env';
import { catalogInvalidator } from '../lib/cache/worker-invalidation';
import { registerJobHandlers } from '../lib/domain/background-work';
import { JOB_CONCURRENCY, registeredJobKinds, workJobs } from '../lib/domain/jobs';
import { UPLOAD_JOB } from '../lib/domain/uploads';
import { db } from '../lib/infra/db';

// The same sliding window as the in-process worker (lib/domain/jobs); override with WORKER_CONCURRENCY.
const CONCURRENCY = Math.max(1, Number(process.env.WORKER_CONCURRENCY) || JOB_CONCURRENCY);

const log = (message: string) => console.log(`[worker] ${new Date().toISOString()} ${message}`);

const settings = env();
if (!settings.DATABASE_URL) {
  console.error('[worker] DATABASE_URL is not set: the worker needs the same database (and S3 settings) as the shop');
  process.exit(1);
}

registerJobHandlers();
const kinds = registeredJobKinds();
if (kinds.length === 0) {
  console.error('[worker] no job handlers registered');
  process.exit(1);
}

const stop = new AbortController();
function shutdown(signal: string) {
  if (stop.signal.aborted) {
    log(`${signal} again: exiting now; unfinished jobs will be reclaimed`);
    process.exit(1);
  }
  log(`${signal}: finishing the jobs in hand, then exiting`);
  stop.abort();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

// With a shared cache (REDIS_URL), products this worker creates reach every instance's pages at once.
const catalog = catalogInvalidator(log);
const verbose = process.env.WORKER_VERBOSE === '1';

log(`started: ${kinds.join(', ')}; concurrency ${CONCURRENCY}${catalog ? '; expires the shared catalogue cache after uploads' : ''}`);
await workJobs({
  concurrency: CONCURRENCY,
  untilIdle: false,
  signal: stop.signal,
  onJobDone: (job, ms) => {
    if (job.kind === UPLOAD_JOB) catalog?.changed();
    if (verbose) log(`${job.kind} ${job.id} finished in ${ms} ms`);
  },
});
await catalog?.close();
await db().$disconnect().catch(() => {});
log('stopped');
process.exit(0);
