// `npm run bench:upload -- --storefront [--count 200 --shoppers 10 --seconds 16 --no-build --multipart]`
// (issue #16 §4): do uploads slow the storefront? The shop as production runs
// it: a production build served by server.mjs with SHOP_DISABLE_WORKER=1 and
// pinned to CPU 0 (bench-server.ts), the job worker in its own process
// (`npm run worker`, unpinned), Postgres as separate processes, the S3
// stand-in in its own process and the upload's sender (this process, once it
// starts sending) pinned to CPU 1 beside the shoppers (autocannon) on a cached
// product page and /products, as S3 and the admin's browser are other machines. Their
// p95 idle, then again while an N-image bulk upload, sent over HTTP as the
// admin's browser sends it (upload-clients.ts: straight to storage by default,
// `--multipart` through the web process as before), is received and processed.
// Also images per second and the shop's CPU per image (worker + web process;
// the web process's share for serving the shoppers taken out at its idle cost
// per request), without the S3 stand-in, which on this machine shares the two
// cores and against real S3 would not.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { runPair, type LoadResult, type Scenario } from './bench-load';
import { LOAD_CPU, startPinnedServer } from './bench-server';
import { startS3StandInProcess } from './s3-stand-in-process';
import { sendBatch, type UploadPath } from './upload-clients';

const DIST_DIR = '.next-bench-upload';
const TICKS_PER_SECOND = 100;
/** Goal of issue #16 §4: cached-page p95 during an upload within this multiple of its idle value. */
export const UPLOAD_P95_GOAL = 2;

export type StorefrontOptions = {
  script: string;
  runDir: string;
  count: number;
  shoppers: number;
  seconds: number;
  build: boolean;
  path: UploadPath;
  log: (m: string) => void;
};

export type StorefrontResult = {
  path: UploadPath;
  count: number;
  shoppers: number;
  idle: [LoadResult, LoadResult];
  /** Idle again once the batch is done: how far the machine's other work moved the baseline meanwhile. */
  idleAfter: [LoadResult, LoadResult];
  /** While the upload is still being received (multipart: the web process stages the files; direct: storage takes them, the shop answers small JSON calls), and after it, while the worker processes them. */
  receiving: [LoadResult, LoadResult];
  processing: [LoadResult, LoadResult] | null;
  receivedSeconds: number;
  /** Seconds from the first byte sent until the batch was finished, and how much of the shoppers' load fell inside it. */
  batchSeconds: number;
  /** Whether each window ended before the phase it measures did. */
  insideReceiving: boolean;
  insideProcessing: boolean;
  failed: number;
  cpuMsPerImage: { worker: number; web: number; webRaw: number; s3: number };
  loadAtStart: number;
  loadAtEnd: number;
  workerPriority: string;
  /** Share of each core busy (all processes on the machine) while the upload was received: where the time went. */
  coresBusyReceiving: [number, number];
};

function ticksOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime stime cutime cstime (proc(5) fields 14-17, counted from the state field).
    return fields
      .slice(11, 15)
      .map(Number)
      .reduce((a, b) => a + b, 0);
  } catch {
    return 0;
  }
}
const cpuMsOf = (pid: number) => (ticksOf(pid) / TICKS_PER_SECOND) * 1000;

async function generateImages(script: string, dir: string, count: number): Promise<string[]> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, '--generate', dir, '--count', String(count)], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`image generation exited with ${code}`))));
  });
  return readdirSync(dir)
    .sort()
    .map((name) => join(dir, name));
}

async function startWorker(env: NodeJS.ProcessEnv, log: (m: string) => void): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start within 60 s')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (/started:/.test(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
  log(`worker (separate process ${child.pid}) started`);
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function storefrontDuringUpload(options: StorefrontOptions): Promise<StorefrontResult> {
  const { log } = options;
  const { startLocalServices } = await import('../../scripts/lib/services');
  const { deployMigrations } = await import('../../scripts/lib/migrations');
  const { buildShop } = await import('../../scripts/lib/build');

  log(`generating ${options.count} distinct 2000×2000 PNGs…`);
  const files = await generateImages(options.script, join(options.runDir, 'images'), options.count);
  const s3 = await startS3StandInProcess(options.script, join(options.runDir, 's3'), LOAD_CPU);
  const services = await startLocalServices({ dataDir: join(options.runDir, 'services'), persistent: false, log });
  const stops: (() => Promise<void>)[] = [() => s3.stop(), () => services.stop()];
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, ...services.env, SHOP_EMBEDDED: '1' };
    Object.assign(process.env, services.env);
    await deployMigrations(env.DATABASE_URL as string, log);
    const { seedDemoCatalogue } = await import('../../prisma/seed');
    await seedDemoCatalogue(env.DATABASE_URL as string);
    if (options.build) {
      log(`Building the shop into ${DIST_DIR}…`);
      await buildShop(env, DIST_DIR);
    }
    const shop = await startPinnedServer({ distDir: DIST_DIR, env: { ...env, SHOP_DISABLE_WORKER: '1' }, log });
    stops.unshift(() => shop.stop());
    const worker = await startWorker(env, log);
    stops.unshift(() => worker.stop());

    const login = await fetch(`${shop.url}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin' }) });
    const { token } = (await login.json()) as { token: string };
    const admin = { authorization: `Bearer ${token}`, origin: shop.url };
    const [product] = (await (await fetch(`${shop.url}/api/products?limit=1`)).json()) as { id: string }[];
    const [category] = (await (await fetch(`${shop.url}/api/categories`)).json()) as { name: string }[];
    const productPath = `/product/${product.id}`;
    for (const path of [productPath, '/products']) for (let i = 0; i < 3; i++) await (await fetch(shop.url + path)).arrayBuffer();

    const scenario = (name: string, path: string, warmupSeconds: number): Scenario => ({
      name,
      url: shop.url,
      paths: [path],
      expectStatus: 200,
      connections: options.shoppers,
      seconds: options.seconds,
      warmupSeconds,
    });
    const pair = (warmup: number) =>
      runPair(scenario(`GET ${productPath} (cached)`, productPath, warmup), scenario('GET /products (cached)', '/products', warmup), 4);

    log(`idle: ${options.shoppers} shoppers on the product page and /products, ${options.seconds} s each`);
    const webIdleCpu = cpuMsOf(shop.pid);
    const idle = await pair(2);
    const webCpuPerRequest = (cpuMsOf(shop.pid) - webIdleCpu) / (idle[0].requests + idle[1].requests);

    const loadAtStart = loadavg()[0];
    const cpuAtStart = { worker: cpuMsOf(worker.child.pid as number), web: cpuMsOf(shop.pid), s3: cpuMsOf(s3.child.pid as number) };
    log(`uploading ${files.length} images (${options.path}) while the shoppers browse (load ${loadAtStart.toFixed(2)})…`);
    // From here this process is the admin's browser, another machine: onto the shoppers' core with
    // every thread (the shop, worker and Postgres were started before, so keep their placement).
    execFileSync('taskset', ['-a', '-p', '-c', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
    const started = performance.now();
    let receivedAt = 0;
    const sent = sendBatch(options.path, { url: shop.url, admin, category: category.name, files }).then((id) => ((receivedAt = performance.now()), id));
    // A failed upload must not wait out the windows below unnoticed.
    sent.catch(() => {});
    await new Promise((r) => setTimeout(r, 1_000));
    log('  shoppers while the upload is received…');
    const coresBefore = coreTimes();
    const receiving = await pair(0);
    const coresBusyReceiving = busyShares(coresBefore, coreTimes());
    const insideReceiving = receivedAt === 0;
    const batchId = await sent;
    type Progress = { stage: string; failed_files?: unknown[] };
    const readProgress = async () => (await (await fetch(`${shop.url}/api/admin/upload-progress/${batchId}`, { headers: admin })).json()) as Progress;
    let progress = await readProgress();
    let processing: [LoadResult, LoadResult] | null = null;
    let insideProcessing = false;
    if (progress.stage === 'processing') {
      log('  shoppers while the worker processes the rest…');
      processing = await pair(0);
      progress = await readProgress();
      insideProcessing = progress.stage === 'processing';
    }
    while (progress.stage === 'processing') {
      await new Promise((r) => setTimeout(r, 500));
      progress = await readProgress();
    }
    const finished = performance.now();
    const webAtFinish = cpuMsOf(shop.pid);
    const workerAtFinish = cpuMsOf(worker.child.pid as number);
    const s3AtFinish = cpuMsOf(s3.child.pid as number);
    log('  idle again, after the batch…');
    const idleAfter = await pair(0);
    const per = (ms: number) => Math.round(ms / files.length);
    const requestsDuring = [...receiving, ...(processing ?? [])].reduce((sum, r) => sum + r.requests, 0);
    const webRaw = webAtFinish - cpuAtStart.web;
    return {
      path: options.path,
      count: files.length,
      shoppers: options.shoppers,
      idle,
      idleAfter,
      receiving,
      processing,
      receivedSeconds: (receivedAt - started) / 1000,
      batchSeconds: (finished - started) / 1000,
      insideReceiving,
      insideProcessing,
      failed: progress.failed_files?.length ?? 0,
      cpuMsPerImage: {
        worker: per(workerAtFinish - cpuAtStart.worker),
        web: per(Math.max(0, webRaw - webCpuPerRequest * requestsDuring)),
        webRaw: per(webRaw),
        s3: per(s3AtFinish - cpuAtStart.s3),
      },
      loadAtStart,
      loadAtEnd: loadavg()[0],
      workerPriority: workerPriority(worker.child.pid as number),
      coresBusyReceiving,
    };
  } finally {
    for (const stop of stops) await stop().catch(() => {});
  }
}

type CoreTimes = { busy: number; total: number }[];

/** CPU 0 and CPU 1's busy and total ticks from /proc/stat (idle and iowait are not busy). */
function coreTimes(): CoreTimes {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  return ['cpu0', 'cpu1'].map((name) => {
    const ticks = (lines.find((l) => l.startsWith(`${name} `)) ?? '').split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((a, b) => a + (b || 0), 0);
    return { busy: total - (ticks[3] || 0) - (ticks[4] || 0), total };
  });
}

const busyShares = (from: CoreTimes, to: CoreTimes): [number, number] =>
  [0, 1].map((i) => (to[i].busy - from[i].busy) / Math.max(1, to[i].total - from[i].total)) as [number, number];

/** The worker's nice value as the kernel reports it (proc(5) field 19). */
function workerPriority(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[16];
  } catch {
    return '?';
  }
}

const SECTION = '## Storefront during a bulk upload (issue #16 §4)';
const HEADER = [
  '| run (UTC) | load 1 min (start / end) | images | shoppers | product page p95: idle → receiving / processing | /products p95: idle → receiving / processing | worst × idle: processing (receiving) | images/s (request received after) | shop CPU per image (worker + web) | S3 stand-in CPU per image | worker nice | failed | CPU 0 / CPU 1 busy while received |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];

export function storefrontRow(r: StorefrontResult): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const worstOf = (window: [LoadResult, LoadResult] | null) => (window ? Math.max(...[0, 1].map((i) => window[i].p95 / r.idle[i].p95)) : NaN);
  const processing = worstOf(r.processing);
  const receiving = worstOf(r.receiving);
  const goal = Number.isNaN(processing) ? ' (no processing window)' : processing <= UPLOAD_P95_GOAL ? '' : ' (goal missed)';
  const partial = [
    r.insideReceiving ? '' : 'upload done before its window ended',
    r.processing && !r.insideProcessing ? 'batch done before its window ended' : '',
  ]
    .filter(Boolean)
    .join('; ');
  const cell = (i: 0 | 1) => `${r.idle[i].p95} → ${r.receiving[i].p95} / ${r.processing?.[i].p95 ?? '–'} ms (idle after: ${r.idleAfter[i].p95})`;
  const c = r.cpuMsPerImage;
  return `| ${when} (${r.path}) | ${r.loadAtStart.toFixed(1)} / ${r.loadAtEnd.toFixed(1)} | ${r.count} | ${r.shoppers} | ${cell(0)} | ${cell(1)} | **${processing.toFixed(2)} ×** (${receiving.toFixed(2)} ×)${goal}${partial ? ` (${partial})` : ''} | ${(r.count / r.batchSeconds).toFixed(2)} (${r.receivedSeconds.toFixed(0)} s) | ${c.worker + c.web} ms (${c.worker} + ${c.web}; web with the shoppers ${c.webRaw}) | ${c.s3} ms | ${r.workerPriority} | ${r.failed} | ${r.coresBusyReceiving.map((s) => `${Math.round(s * 100)} %`).join(' / ')} |`;
}

/** The section of upload.md with `row` first, from the file's current text (bench-upload.ts keeps it when it rewrites the rest). */
export function storefrontSection(previous: string, row?: string): string {
  const at = previous.indexOf(SECTION);
  // Only this section's rows: the sections after it have dated rows of their own.
  const body = at < 0 ? '' : previous.slice(at + SECTION.length);
  const end = body.indexOf('\n## ');
  const rows = (end < 0 ? body : body.slice(0, end)).split('\n').filter((l) => /^\| \d{4}-\d{2}-\d{2} /.test(l));
  if (!row && rows.length === 0) return '';
  return `${SECTION}

\`npm run bench:upload -- --storefront --count 200\` (bench/lib/upload-storefront.ts): the
production build served by server.mjs with SHOP_DISABLE_WORKER=1, pinned to CPU 0; the job
worker as its own process (\`npm run worker\`); Postgres as separate processes; autocannon
pinned to CPU 1 as the shoppers, on a cached product page and /products (alternating 2 s
slices). p95 first idle, then while the bulk upload is received, then while the worker
processes the rest. The upload, as the admin's browser sends it (bench/lib/upload-clients.ts):
**direct** (the default since Decision 70): a staged batch opened, each image PUT straight to
the S3 stand-in three at a time, finished ones reported in groups of five, then completed, so
the web process answers small JSON calls only; **multipart** (\`--multipart\`): one streamed
POST that the web process parses and stages in S3 file by file. From the direct rows on, the
S3 stand-in is pinned to CPU 1 beside the shoppers (real S3 is another machine), and from
21:30 the upload's sender too (the admin's browser is another machine); earlier rows left them
unpinned. Goal: p95 during ≤ ${UPLOAD_P95_GOAL} × idle. Rows before 19:45 on 2026-11-24
measured one window starting 3 s into the upload, mostly while the request was being received
(shown as "receiving"). Shop CPU per image: the worker's, plus the web process's less its
shoppers' requests at their idle CPU cost (the figure with them beside it); the S3 stand-in's
apart.

${[...HEADER, ...(row ? [row] : []), ...rows].join('\n')}
`;
}
