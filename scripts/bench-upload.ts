// `npm run bench:upload [-- --count N]`: end-to-end throughput of a bulk upload
// (issue #6 §4). On throw-away embedded services under .data/bench-*, it
// generates N distinct 2000×2000 PNGs (in a child process, untimed), stages them
// through the same domain code as POST /api/admin/bulk-upload
// (stageBulkUpload: each file to private storage, then the batch and one job
// per file), runs the shop's own job loop (runDueJobs, as the in-process worker
// does) until the batch is finished, and reports images/second and this
// process's peak RSS (sampled every 100 ms). A sequential per-step profile of a
// few images follows. Results: stdout and bench/results/upload.md.
// The S3 stand-in (s3rver) runs inside this process, so its CPU and memory are
// counted too; embedded Postgres is a separate process and is not.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const SIDE = 2000;
const THIS_FILE = fileURLToPath(import.meta.url);
const RESULTS = resolve('bench', 'results', 'upload.md');

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

// ---------------------------------------------------------------------------
// Image generation (child process, so its memory is not in the measurement)

/** A distinct, design-like 2000×2000 RGB PNG: smooth gradients, shapes and some texture, a few MB like real artwork. */
async function generateImage(index: number, file: string): Promise<void> {
  const hue = (index * 47) % 360;
  const rnd = (n: number) => Math.floor(((Math.sin(index * 12.9898 + n * 78.233) * 43758.5453) % 1 + 1) % 1 * 1000);
  const shapes = Array.from({ length: 12 }, (_, k) => {
    const x = (rnd(k) * 2) % SIDE;
    const y = (rnd(k + 50) * 2) % SIDE;
    const r = 80 + (rnd(k + 100) % 300);
    return k % 2
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + k * 29) % 360},70%,55%)" fill-opacity="0.8"/>`
      : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" rx="24" fill="hsl(${(hue + k * 53) % 360},60%,40%)" fill-opacity="0.75"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},65%,85%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},55%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}
    <text x="100" y="1900" font-family="DejaVu Sans, sans-serif" font-size="160" font-weight="700" fill="#fff">Design ${index + 1}</text>
  </svg>`;
  // Light per-image grain so files are neither trivially compressible nor identical.
  const grain = Buffer.alloc(SIDE * SIDE);
  let seed = (index + 1) * 2654435761;
  for (let i = 0; i < grain.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    grain[i] = 120 + ((seed >>> 16) & 15);
  }
  const texture = await sharp(grain, { raw: { width: SIDE, height: SIDE, channels: 1 } }).toColourspace('srgb').png().toBuffer();
  await sharp(Buffer.from(svg))
    .removeAlpha()
    .composite([{ input: texture, blend: 'overlay' }])
    .png({ compressionLevel: 6 })
    .toFile(file);
}

async function generateAll(dir: string, count: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  let next = 0;
  const workers = Array.from({ length: availableParallelism() }, async () => {
    while (next < count) {
      const index = next++;
      await generateImage(index, join(dir, `IMG_${String(index).padStart(4, '0')} Bench Design ${index + 1}.png`));
    }
  });
  await Promise.all(workers);
}

if (process.argv.includes('--generate')) {
  await generateAll(argValue('--generate') as string, Number(argValue('--count')));
  process.exit(0);
}

// ---------------------------------------------------------------------------
// The benchmark

const count = Number(argValue('--count') ?? 100);
if (!Number.isInteger(count) || count < 1 || count > 1000) {
  console.error('--count must be a whole number from 1 to 1000 (the batch limit)');
  process.exit(1);
}

const runDir = resolve('.data', `bench-${randomBytes(4).toString('hex')}`);
const imageDir = join(runDir, 'images');
const log = (m: string) => console.log(`[bench] ${m}`);
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function runChild(args: string[]): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, THIS_FILE, ...args], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`image generation exited with ${code}`))));
  });
}

type Profile = { step: string; ms: number }[];
type Result = {
  count: number;
  totalMs: number;
  stageMs: number;
  processMs: number;
  peakRss: number;
  baselineRss: number;
  inputBytes: number;
  failed: number;
  profile: Profile;
};

async function main(): Promise<Result> {
  const { startLocalServices } = await import('./lib/services');
  const { deployMigrations } = await import('./lib/migrations');

  log(`generating ${count} distinct ${SIDE}×${SIDE} PNGs…`);
  const genStart = Date.now();
  await runChild(['--generate', imageDir, '--count', String(count)]);
  const names = readdirSync(imageDir).sort();
  const inputBytes = names.reduce((sum, n) => sum + readFileSync(join(imageDir, n)).length, 0);
  log(`generated in ${seconds(Date.now() - genStart)} s, ${mb(inputBytes)} MB in all (${(inputBytes / names.length / 1024 / 1024).toFixed(1)} MB each)`);

  const services = await startLocalServices({ dataDir: join(runDir, 'services'), persistent: false, log });
  Object.assign(process.env, services.env, { SHOP_EMBEDDED: '1' });
  try {
    await deployMigrations(process.env.DATABASE_URL as string, log);
    const { db } = await import('../lib/infra/db');
    const { ensureBuckets } = await import('../lib/infra/storage');
    const { stageBulkUpload, getUploadProgress } = await import('../lib/domain/uploads');
    const { registerJobHandlers } = await import('../lib/domain/jobs/handlers');
    const { runDueJobs } = await import('../lib/domain/jobs');
    await ensureBuckets();
    const category = await db().category.create({ data: { name: `Bench ${randomBytes(3).toString('hex')}` } });
    registerJobHandlers();

    // Peak RSS of this process during the timed part.
    global.gc?.();
    const baselineRss = process.memoryUsage().rss;
    let peakRss = baselineRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);

    // 1. The upload request: the route hands stageBulkUpload the parts as they arrive.
    async function* parts() {
      yield { kind: 'field' as const, name: 'price', value: '5.00' };
      yield { kind: 'field' as const, name: 'category', value: category.name };
      yield { kind: 'field' as const, name: 'tags', value: 'bench' };
      for (const name of names) {
        yield { kind: 'file' as const, name: 'files', filename: name, contentType: 'image/png', data: readFileSync(join(imageDir, name)) };
      }
    }
    log(`uploading and processing ${count} images…`);
    const start = performance.now();
    const batchId = await stageBulkUpload('bench', parts());
    const staged = performance.now();

    // 2. The background work: the shop's job loop until the batch is finished.
    let progress = await getUploadProgress(batchId);
    let lastLog = 0;
    while (progress.stage === 'processing') {
      await runDueJobs();
      progress = await getUploadProgress(batchId);
      if (progress.stage === 'processing') await new Promise((r) => setTimeout(r, 100)); // a job waiting for its retry
      if (performance.now() - lastLog > 5_000) {
        lastLog = performance.now();
        log(`  ${progress.current_file}/${progress.total_files}`);
      }
    }
    const end = performance.now();
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    const products = await db().product.count({ where: { categoryId: category.id } });
    if (progress.failed_files.length) log(`failed files: ${JSON.stringify(progress.failed_files.slice(0, 5))}`);
    if (products !== progress.successful_files) throw new Error(`expected ${progress.successful_files} products, found ${products}`);
    log(`stage ${progress.stage}: ${progress.successful_files} products, ${progress.failed_files.length} failed`);

    const profile = await profileSteps(names.slice(0, Math.min(8, names.length)).map((n) => join(imageDir, n)));
    await db().$disconnect();
    return {
      count,
      totalMs: end - start,
      stageMs: staged - start,
      processMs: end - staged,
      peakRss,
      baselineRss,
      inputBytes,
      failed: progress.failed_files.length,
      profile,
    };
  } finally {
    await services.stop();
  }
}

/**
 * Each step of processing one image, run one image at a time, mirroring
 * processUploadFile + prepareImage (validate.ts): where the CPU time goes. The watermark's
 * share is the preview minus the same preview without the overlay.
 */
async function profileSteps(files: string[]): Promise<Profile> {
  const { checkImage } = await import('../lib/domain/uploads/validate');
  const { INPUT_OPTIONS, makePreview, makeThumbnail, makeWorkingCopy, WEBP_EFFORT, PREVIEW_QUALITY } = await import('../lib/infra/images');
  const { getObject, putObject } = await import('../lib/infra/storage');
  const totals = new Map<string, number>();
  const time = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const out = await work();
    totals.set(step, (totals.get(step) ?? 0) + performance.now() - t);
    return out;
  };
  // One warm-up so libvips' first-use costs do not land on a step.
  await makeThumbnail(readFileSync(files[0]));
  for (const [i, file] of files.entries()) {
    const bytes = readFileSync(file);
    const key = `bench-profile/${i}`;
    await time('storage: stage the original (PUT)', () => putObject('private', key, bytes, 'application/octet-stream'));
    await time('storage: read it back (GET)', async () => {
      const object = await getObject('private', key);
      for await (const _chunk of object!.body as unknown as AsyncIterable<Uint8Array>) void _chunk;
    });
    await time('validate: sniff + header (checkImage)', () => checkImage(bytes));
    const copy = await time('decode PNG + resize to 1200 px (makeWorkingCopy)', () => makeWorkingCopy(bytes));
    const preview = await time('preview: watermark + WebP encode (makePreview)', () => makePreview(copy));
    await time('  of which WebP encode without watermark', () =>
      sharp(copy, INPUT_OPTIONS).webp({ quality: PREVIEW_QUALITY, effort: WEBP_EFFORT }).toBuffer(),
    );
    const thumbnail = await time('thumbnail: crop + WebP encode (makeThumbnail)', () => makeThumbnail(copy));
    await time('storage: original + preview + thumbnail (3 PUTs)', () =>
      Promise.all([
        putObject('private', `${key}-original`, bytes, 'image/png'),
        putObject('public', `${key}-preview.webp`, preview, 'image/webp'),
        putObject('public', `${key}-thumb.webp`, thumbnail, 'image/webp'),
      ]),
    );
  }
  return [...totals].map(([step, ms]) => ({ step, ms: ms / files.length }));
}

// ---------------------------------------------------------------------------
// Report

function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${availableParallelism()} cores (${cpu}), ${mb(totalmem())} MB RAM, Node ${process.versions.node}, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}`;
}

function report(r: Result): { row: string; profile: string } {
  const rate = r.count / (r.totalMs / 1000);
  const row = `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | ${r.count} | ${(r.inputBytes / r.count / 1024 / 1024).toFixed(1)} MB | ${seconds(r.totalMs)} s | **${rate.toFixed(2)}** | ${(r.count / (r.stageMs / 1000)).toFixed(1)} | ${(r.count / (r.processMs / 1000)).toFixed(2)} | **${mb(r.peakRss)} MB** (${mb(r.baselineRss)} at start) | ${r.failed} |`;
  const total = r.profile.filter((p) => !p.step.startsWith(' ')).reduce((s, p) => s + p.ms, 0);
  const profile = [
    '| step (one image at a time, mean) | ms | share |',
    '|---|---:|---:|',
    ...r.profile.map((p) => `| ${p.step.trim().startsWith('of which') ? `↳ ${p.step.trim()}` : p.step} | ${p.ms.toFixed(0)} | ${p.step.startsWith(' ') ? '' : `${Math.round((p.ms / total) * 100)} %`} |`),
    `| **sum** | **${total.toFixed(0)}** | |`,
  ].join('\n');
  return { row, profile };
}

const HEADER = [
  '| run (UTC) | images | PNG size | end to end | images/s | upload (staging) images/s | processing images/s | peak RSS | failed |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];

function writeResults(row: string, profile: string) {
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const oldRows = previous.split('\n').filter((l) => /^\| \d{4}-\d{2}-\d{2} /.test(l));
  const content = `# Upload benchmark

\`npm run bench:upload -- --count N\` (scripts/bench-upload.ts): N distinct 2000×2000 PNGs
staged through the bulk-upload domain code, processed by the shop's job loop in one
process (preview 1200 px watermarked WebP, 480 px thumbnail, original stored privately,
product row), on embedded Postgres and the in-process S3 stand-in. Peak RSS is this
process (worker + S3 stand-in), sampled every 100 ms. Issue #6 goal: ≥ 10 images/s end
to end, < 600 MB peak for 500 images, on 2 cores.

Machine: ${machine()}

## Runs (newest first)

${[...HEADER, row, ...oldRows].join('\n')}

## Where one image's time goes (latest run)

${profile}
`;
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, content);
}

let exitCode = 0;
try {
  const result = await main();
  const { row, profile } = report(result);
  writeResults(row, profile);
  const rate = result.count / (result.totalMs / 1000);
  console.log('');
  console.log(`${result.count} images in ${seconds(result.totalMs)} s: ${rate.toFixed(2)} images/s end to end`);
  console.log(`  upload (staging) ${seconds(result.stageMs)} s, processing ${seconds(result.processMs)} s`);
  console.log(`  peak RSS ${mb(result.peakRss)} MB (${mb(result.baselineRss)} MB at start)`);
  console.log(profile);
  console.log(`written to ${RESULTS}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  rmSync(runDir, { recursive: true, force: true });
}
process.exit(exitCode);
