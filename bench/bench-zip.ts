// `npm run bench:zip [-- --mb N]`: memory of "Download all" (issue #17 §1) for a
// large order. On throw-away embedded services under .data/bench-zip-*, it
// stores two files of N MB (default 256) of random bytes in the S3 stand-in
// (one .png, which the ZIP stores, one .psd, which it deflates), buys both in
// test payment mode, then reads GET /api/download/{sessionId}/all through the
// route handler to the end, counting bytes and discarding them, as a slow or
// fast client would. This process's RSS is sampled every 50 ms while the ZIP
// streams; the figure is the growth over the RSS just before the request.
// The S3 stand-in runs in a process of its own (in production it is another
// machine), so its buffers are not counted. Result: stdout and
// bench/results/zip-download.md (a recorded figure, not a pass/fail check).
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { argValue, serveS3WhenAsked, startS3StandInProcess } from './lib/s3-stand-in-process';

const THIS_FILE = fileURLToPath(import.meta.url);
const RESULTS = resolve('bench', 'results', 'zip-download.md');
const log = (m: string) => console.log(`[bench:zip] ${m}`);
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

await serveS3WhenAsked();

const fileMb = Number(argValue('--mb') ?? 256);
if (!Number.isInteger(fileMb) || fileMb < 1 || fileMb > 4096) {
  console.error('--mb must be a whole number from 1 to 4096');
  process.exit(1);
}

const runDir = resolve('.data', `bench-zip-${randomBytes(4).toString('hex')}`);

/** `megabytes` of random bytes, a megabyte at a time: never the whole file in memory. */
async function* randomChunks(megabytes: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < megabytes; i++) yield randomBytes(1024 * 1024);
}

type Result = { zipBytes: number; inputBytes: number; baselineRss: number; peakRss: number; ms: number };

async function main(): Promise<Result> {
  const { startLocalServices } = await import('../scripts/lib/services');
  const { deployMigrations } = await import('../scripts/lib/migrations');
  const { stop: stopS3 } = await startS3StandInProcess(THIS_FILE, join(runDir, 's3'));
  const services = await startLocalServices({ dataDir: join(runDir, 'services'), persistent: false, log });
  Object.assign(process.env, services.env, { SHOP_EMBEDDED: '1', SITE_URL: 'http://shop.test:3000' });
  delete process.env.STRIPE_SECRET_KEY;
  try {
    await deployMigrations(process.env.DATABASE_URL as string, log);
    const { db } = await import('../lib/infra/db');
    const { ensureBuckets, putObjectStream } = await import('../lib/infra/storage');
    const { createCheckout } = await import('../lib/domain/checkout');
    const { completeTestPayment } = await import('../lib/domain/orders');
    const { GET } = await import('../app/api/download/[sessionId]/all/route');
    await ensureBuckets();

    const files = [`artwork-${fileMb}mb.png`, `layers-${fileMb}mb.psd`];
    const productIds: string[] = [];
    for (const [i, name] of files.entries()) {
      const storageKey = `bench-zip/${name}`;
      log(`storing ${name} (${fileMb} MB of random bytes)…`);
      await putObjectStream('private', storageKey, randomChunks(fileMb), 'application/octet-stream');
      const product = await db().product.create({
        data: {
          title: `Bench product ${i + 1}`,
          priceCents: 1000,
          files: { create: [{ storageKey, originalFilename: name, contentType: 'application/octet-stream', sizeBytes: fileMb * 1024 * 1024, position: 0 }] },
        },
      });
      productIds.push(product.id);
    }
    const checkout = await createCheckout({ productIds, userId: null, customerEmail: null, siteUrl: 'http://shop.test:3000' });
    await completeTestPayment(checkout.sessionId, 'bench@example.com');

    (globalThis as { gc?: () => void }).gc?.();
    const baselineRss = process.memoryUsage().rss;
    let peakRss = baselineRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const started = Date.now();
    const response = await GET(new Request(`http://shop.test:3000/api/download/${checkout.sessionId}/all`, { headers: { 'x-forwarded-for': '10.99.0.1' } }), {
      params: Promise.resolve({ sessionId: checkout.sessionId }),
    });
    if (response.status !== 200 || !response.body) throw new Error(`the route answered ${response.status}`);
    let zipBytes = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) zipBytes += read.value.byteLength;
    const ms = Date.now() - started;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return { zipBytes, inputBytes: files.length * fileMb * 1024 * 1024, baselineRss, peakRss, ms };
  } finally {
    await services.stop();
    await stopS3();
  }
}

try {
  const loadAtStart = loadavg()[0];
  const r = await main();
  const row = `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | ${loadAtStart.toFixed(1)} | 2 × ${fileMb} MB (${mb(r.inputBytes)} MB) | ${mb(r.zipBytes)} MB | ${(r.ms / 1000).toFixed(1)} s | ${mb(r.baselineRss)} MB | ${mb(r.peakRss)} MB | **${mb(r.peakRss - r.baselineRss)} MB** |\n`;
  log(`ZIP of ${mb(r.zipBytes)} MB streamed; RSS ${mb(r.baselineRss)} MB before, peak ${mb(r.peakRss)} MB: growth ${mb(r.peakRss - r.baselineRss)} MB`);
  if (!existsSync(RESULTS)) {
    writeFileSync(
      RESULTS,
      `# "Download all" ZIP memory\n\n\`npm run bench:zip -- --mb N\` (bench/bench-zip.ts): two files of N MB of random bytes in the S3 stand-in (one .png, stored; one .psd, deflated), bought in test payment mode, read to the end through the GET /api/download/{sessionId}/all route handler. Peak RSS is this process (route handler, archiver, AWS SDK), sampled every 50 ms; the S3 stand-in and Postgres are separate processes. Growth is peak minus the RSS just before the request: bounded memory means it does not grow with the order's size.\n\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}\n\n| run (UTC) | load 1 min | order | ZIP | wall time | RSS before | peak RSS | growth |\n|---|---:|---|---:|---:|---:|---:|---:|\n`,
    );
  }
  appendFileSync(RESULTS, row);
  log(`recorded in ${RESULTS}`);
} finally {
  rmSync(runDir, { recursive: true, force: true });
}
