// The upload pipeline against real Postgres and a real S3-protocol server:
// bad files fail alone, retries never duplicate, files are processed while the
// upload is still streaming in, a crashed worker's batch resumes (once its jobs
// expire) with every file processed exactly once, only previews
// are public, and the staging area is cleaned up.
import PgBoss from 'pg-boss';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bulkUploadResponse, uploadProgressResponse } from '@/lib/contract/uploads';
import type { FormPart, StreamedPart } from '@/lib/domain/uploads';
import { createFixtures } from '../support/fixtures';
import { ageActiveJobs, makeRetriesDue, queuedJobs } from '../support/jobs';

// Page revalidation needs a Next request context; the routes call it after writes.
vi.mock('@/lib/cache/catalog', () => ({ revalidateCatalog: vi.fn() }));

const fx = createFixtures('Upl');
const SITE = 'http://localhost:3000';

async function loadApp() {
  const [uploads, jobs, handlers, storage, db, auth, bulk, progress, retry, individual, analyze] = await Promise.all([
    import('@/lib/domain/uploads'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/background-work'),
    import('@/lib/infra/storage'),
    import('@/lib/infra/db'),
    import('../support/staff'),
    import('@/app/api/admin/bulk-upload/route'),
    import('@/app/api/admin/upload-progress/[batchId]/route'),
    import('@/app/api/admin/retry-failed/[batchId]/route'),
    import('@/app/api/admin/individual-upload/route'),
    import('@/app/api/admin/analyze-image/route'),
  ]);
  return {
    ...uploads,
    ...storage,
    runDueJobs: jobs.runDueJobs,
    maintainJobQueue: jobs.maintainJobQueue,
    stopJobWorker: jobs.stopJobWorker,
    registerJobHandlers: handlers.registerJobHandlers,
    db: db.db,
    staffSessionToken: auth.staffSessionToken,
    routes: { bulk: bulk.POST, progress: progress.GET, retry: retry.POST, individual: individual.POST, analyze: analyze.POST },
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let token: string;
let categoryName: string;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const solid = (r: number, g: number, b: number, format: 'png' | 'jpeg' = 'png', width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    [format]()
    .toBuffer();

/** A valid PNG whose header claims 30000×30000 pixels: a decompression bomb in 100 bytes. */
async function pixelFlood(): Promise<Buffer> {
  const png = Buffer.from(await solid(10, 10, 10, 'png', 8, 8));
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const auth = () => ({ authorization: `Bearer ${token}`, origin: SITE });
const ctx = <P>(params: P) => ({ params: Promise.resolve(params) });

function form(fields: Record<string, string>, files: [field: string, name: string, bytes: Buffer, type?: string][]): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [field, name, bytes, type] of files) body.append(field, new Blob([new Uint8Array(bytes)], { type: type ?? 'image/png' }), name);
  return body;
}

/**
 * The form's multipart bytes as one buffer. A FormData body would be streamed by
 * undici's own generator, which on Node 24 still enqueues after a route stops
 * reading (a refused part) and leaves an unhandled rejection behind; a shop
 * request's body comes from a socket, never from FormData.
 */
async function multipart(body: FormData): Promise<{ bytes: ArrayBuffer; type: string }> {
  const encoded = new Response(body);
  return { bytes: await encoded.arrayBuffer(), type: encoded.headers.get('content-type') as string };
}

async function post(path: string, body?: FormData, headers: Record<string, string> = auth()): Promise<Request> {
  if (!body) return new Request(`${SITE}${path}`, { method: 'POST', headers });
  const { bytes, type } = await multipart(body);
  return new Request(`${SITE}${path}`, { method: 'POST', headers: { ...headers, 'content-type': type }, body: bytes });
}

async function bulkUpload(files: [string, Buffer][], tags = 'Floral, pink ,floral'): Promise<string> {
  const res = await app.routes.bulk(
    await post(
      '/api/admin/bulk-upload',
      form(
        { price: '4.50', category: categoryName, tags },
        files.map(([n, b]) => ['files', n, b]),
      ),
    ),
    ctx({}),
  );
  expect(res.status).toBe(202);
  const { batch_id } = bulkUploadResponse.parse(await res.json());
  return batch_id;
}

async function progressOf(batchId: string) {
  const res = await app.routes.progress(new Request(`${SITE}/api/admin/upload-progress/${batchId}`, { headers: auth() }), ctx({ batchId }));
  expect(res.status).toBe(200);
  return uploadProgressResponse.parse(await res.json());
}

const filesOf = (batchId: string) => app.db().uploadFile.findMany({ where: { batchId }, orderBy: { position: 'asc' } });
const productsOf = async (batchId: string) => {
  const ids = (await filesOf(batchId)).map((f) => f.id);
  return app.db().product.findMany({ where: { id: { in: ids } }, include: { files: true } });
};

beforeAll(async () => {
  app = await loadApp();
  await app.ensureBuckets();
  app.registerJobHandlers();
  token = await app.staffSessionToken();
  categoryName = (await fx.category()).name;
});

/** Another worker process: it takes jobs with pg-boss's own fetch and can die holding them. */
async function otherWorker(): Promise<PgBoss> {
  const worker = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
  await worker.start();
  return worker;
}
const fileIdOf = (job: { data: unknown }) => (job.data as { fileId: string }).fileId;

afterAll(async () => {
  await app.stopJobWorker();
});

describe('bulk upload', () => {
  let batchId: string;
  const good = ['IMG_20240101_123456 Sunset-Roses (2).png', 'DSC_0042_blue_wave.jpg', 'mint leaves copy.png'];
  const bad = ['broken.png', 'notes.png', 'huge.png'];

  it('turns good images into products and lists exactly the bad ones as failed', async () => {
    const corrupt = await solid(200, 50, 50);
    batchId = await bulkUpload([
      [good[0], await solid(220, 60, 90)],
      [bad[0], corrupt.subarray(0, Math.floor(corrupt.length / 2))],
      [good[1], await solid(30, 80, 200, 'jpeg')],
      [bad[1], Buffer.from('just some text pretending to be a picture\n'.repeat(20))],
      [good[2], await solid(120, 220, 170)],
      [bad[2], await pixelFlood()],
    ]);
    expect((await progressOf(batchId)).stage).toBe('processing');
    await app.runDueJobs();
    const progress = await progressOf(batchId);
    expect(progress).toMatchObject({ stage: 'partial', total_files: 6, current_file: 6, successful_files: 3 });
    expect(progress.failed_files.map((f) => f.filename).sort()).toEqual([...bad].sort());
    expect(progress.failed_files.find((f) => f.filename === 'huge.png')?.error).toMatch(/too large/i);
    expect(progress.failed_files.find((f) => f.filename === 'notes.png')?.error).toMatch(/not a supported image/i);
    const products = await productsOf(batchId);
    expect(products.map((p) => p.title).sort()).toEqual(['Blue Wave', 'Mint Leaves', 'Sunset Roses']);
    for (const p of products)
      expect(p).toMatchObject({ priceCents: 450, tags: ['floral', 'pink'], files: [expect.objectContaining({ sizeBytes: expect.any(Number) })] });
  });

  it("adds the batch's tags to the Tags tab's vocabulary as its products are made", async () => {
    const tags = ['bulk-vocab-new', 'bulk-vocab-second'];
    const vocabulary = () => app.db().tag.findMany({ where: { name: { in: tags } }, select: { name: true }, orderBy: { name: 'asc' } });
    const batch = await bulkUpload([['vocab one.png', await solid(10, 200, 10)]], ' Bulk-Vocab-New , bulk-vocab-second');
    expect(await vocabulary()).toEqual([]);
    await app.runDueJobs();
    expect((await progressOf(batch)).stage).toBe('complete');
    const [product] = await productsOf(batch);
    expect(product.tags).toEqual(tags);
    expect(await vocabulary()).toEqual(tags.map((name) => ({ name })));
  });

  it('publishes watermarked previews while the originals stay private', async () => {
    const [product] = (await productsOf(batchId)).filter((p) => p.title === 'Sunset Roses');
    const previewKey = product.imagePath!.replace(/^\/media\//, '');
    const preview = await app.getObject('public', previewKey);
    expect(preview?.contentType).toBe('image/webp');
    const bytes = Buffer.from(await new Response(preview!.body).arrayBuffer());
    // The upload was one flat colour: any variation in the preview is the watermark.
    const stats = await sharp(bytes).stats();
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(2);
    expect(await app.getObject('public', product.thumbnailPath!.replace(/^\/media\//, ''))).not.toBeNull();
    const original = product.files[0].storageKey;
    expect(await app.getObject('private', original)).not.toBeNull();
    expect(await app.getObject('public', original)).toBeNull();
    expect(original).not.toMatch(/Sunset|IMG/);
    const download = await fetch(await app.presignDownload(original, product.files[0].originalFilename));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await sharp(Buffer.from(await download.arrayBuffer())).metadata()).format).toBe('png');
  });

  it('retries the failed files once fixed: complete, and no duplicates', async () => {
    const failed = (await filesOf(batchId)).filter((f) => f.status === 'failed');
    // "Fixed" = the staged bytes are good now, as after a transient fault.
    for (const f of failed) await app.putObject('private', f.stagingKey, await solid(240, 200, 40), 'application/octet-stream');
    const res = await app.routes.retry(await post(`/api/admin/retry-failed/${batchId}`), ctx({ batchId }));
    expect(await res.json()).toEqual({ success: true, batch_id: batchId, message: 'Retrying 3 file(s)' });
    await app.runDueJobs();
    expect(await progressOf(batchId)).toMatchObject({ stage: 'complete', successful_files: 6, failed_files: [] });
    const again = await app.routes.retry(await post(`/api/admin/retry-failed/${batchId}`), ctx({ batchId }));
    expect(((await again.json()) as { message: string }).message).toBe('No failed files to retry');
    await app.runDueJobs();
    const products = await productsOf(batchId);
    expect(products).toHaveLength(6);
    expect(await app.db().productFile.count({ where: { productId: { in: products.map((p) => p.id) } } })).toBe(6);
  });

  it('resumes a batch whose worker died mid-way, processing every file exactly once', async () => {
    const images = await Promise.all([0, 1, 2, 3, 4].map((i) => solid(40 * i, 100, 150)));
    const crashed = await bulkUpload(images.map((b, i) => [`crash test ${'abcde'[i]}.png`, b]));
    const files = await filesOf(crashed);
    const worker = await otherWorker();
    const jobs = await worker.fetch(app.UPLOAD_JOB, { batchSize: 10 });
    expect(jobs.map(fileIdOf).sort()).toEqual(files.map((f) => f.id).sort());
    // The worker finished two files, was half-way through a third, then died.
    for (const f of files.slice(0, 2)) await app.processUploadFile(f.id);
    const doneJobs = jobs.filter((j) => files.slice(0, 2).some((f) => fileIdOf(j) === f.id));
    await worker.complete(
      app.UPLOAD_JOB,
      doneJobs.map((j) => j.id),
    );
    await app.db().uploadFile.update({ where: { id: files[2].id }, data: { status: 'processing', lockedAt: new Date(), attempts: 1 } });
    await worker.stop({ graceful: false });
    const held = jobs.filter((j) => !doneJobs.includes(j)).map((j) => j.id);
    // Its jobs have not expired yet: nothing is taken from a worker that may be alive.
    await app.maintainJobQueue();
    await app.runDueJobs();
    expect((await queuedJobs(app.UPLOAD_JOB)).filter((j) => held.includes(j.id)).map((j) => j.state)).toEqual(['active', 'active', 'active']);
    // Past their expiry the queue's maintenance puts them back, and after the backoff they run again.
    await ageActiveJobs(held, app.UPLOAD_JOB_SECONDS + 1);
    await app.maintainJobQueue();
    expect((await queuedJobs(app.UPLOAD_JOB)).filter((j) => held.includes(j.id)).map((j) => j.state)).toEqual(['retry', 'retry', 'retry']);
    expect((await progressOf(crashed)).stage).toBe('processing');
    await makeRetriesDue(app.UPLOAD_JOB);
    await app.runDueJobs();
    await app.processUploadFile(files[0].id);
    expect(await progressOf(crashed)).toMatchObject({ stage: 'complete', successful_files: 5, total_files: 5 });
    const products = await productsOf(crashed);
    expect(products).toHaveLength(5);
    expect(new Set(products.map((p) => p.id)).size).toBe(5);
    expect(await app.db().product.count({ where: { title: { startsWith: 'Crash Test' }, id: { in: files.map((f) => f.id) } } })).toBe(5);
  });
});

describe('streaming bulk upload, lost jobs and staging clean-up', () => {
  const fields = (): StreamedPart[] => [
    { kind: 'field', name: 'price', value: '3.00' },
    { kind: 'field', name: 'category', value: categoryName },
  ];
  // Handed on in small chunks, as the streaming reader does, so a file's type must be sniffed across chunk edges.
  const file = async (filename: string, r: number): Promise<StreamedPart> => {
    const data = await solid(r, 120, 90);
    async function* chunks() {
      for (let at = 0; at < data.length; at += 5) yield data.subarray(at, at + 5);
    }
    return { kind: 'file', name: 'files', filename, contentType: 'image/png', chunks: chunks() };
  };
  const latestBatchOf = async (actor: string) => {
    const batch = await app.db().uploadBatch.findFirstOrThrow({ where: { createdBy: actor }, orderBy: { createdAt: 'desc' } });
    return batch;
  };

  it('processes the first files while later ones are still arriving', async () => {
    const actor = 'admin-streaming-test';
    let seenMidUpload: { stage: string; message: string; products: number } | null = null;
    async function* parts(): AsyncGenerator<StreamedPart> {
      yield* fields();
      yield await file('early bird.png', 10);
      // The request is still open: once the first file is queued, the worker can finish it.
      const batch = await latestBatchOf(actor);
      for (let wait = 0; (await filesOf(batch.id)).length === 0; wait++) {
        if (wait > 100) throw new Error('the first file was never queued');
        await new Promise((r) => setTimeout(r, 20));
      }
      await app.runDueJobs();
      const progress = await app.getUploadProgress(batch.id);
      seenMidUpload = {
        stage: progress.stage,
        message: progress.message,
        products: await app.db().product.count({ where: { title: 'Early Bird', id: { in: (await filesOf(batch.id)).map((f) => f.id) } } }),
      };
      yield await file('late comer.png', 200);
    }
    const batchId = await app.stageBulkUpload(actor, parts());
    expect(seenMidUpload).toEqual({ stage: 'processing', message: 'Receiving files: 1 so far, 1 processed', products: 1 });
    await app.runDueJobs();
    expect(await progressOf(batchId)).toMatchObject({ stage: 'complete', total_files: 2, successful_files: 2 });
    // A processed file's staged copy is gone at once; the original lives on under its product.
    for (const f of await filesOf(batchId)) expect(await app.getObject('private', f.stagingKey)).toBeNull();
    expect((await productsOf(batchId)).map((p) => p.title).sort()).toEqual(['Early Bird', 'Late Comer']);
  });

  it('keeps the files received before a request breaks off, and says so', async () => {
    const actor = 'admin-interrupted-test';
    const { AppError } = await import('@/lib/domain/errors');
    async function* parts(): AsyncGenerator<StreamedPart> {
      yield* fields();
      yield await file('kept one.png', 30);
      throw new AppError('payload_too_large', 'huge.png is larger than 50 MB');
    }
    await expect(app.stageBulkUpload(actor, parts())).rejects.toMatchObject({
      code: 'payload_too_large',
      message: 'huge.png is larger than 50 MB. The 1 file(s) before it were kept and are being processed; upload the rest again.',
    });
    const batch = await latestBatchOf(actor);
    expect(batch).toMatchObject({ receiving: false, message: 'Upload stopped after 1 file(s): huge.png is larger than 50 MB' });
    await app.runDueJobs();
    expect(await progressOf(batch.id)).toMatchObject({ stage: 'complete', total_files: 1, successful_files: 1 });
  });

  it('leaves no batch behind when the fields are invalid or no file arrives', async () => {
    const actor = 'admin-empty-test';
    async function* noFiles(): AsyncGenerator<StreamedPart> {
      yield* fields();
    }
    await expect(app.stageBulkUpload(actor, noFiles())).rejects.toMatchObject({ code: 'invalid_request' });
    async function* noPrice(): AsyncGenerator<StreamedPart> {
      yield { kind: 'field', name: 'category', value: categoryName };
      yield await file('orphan.png', 60);
    }
    await expect(app.stageBulkUpload(actor, noPrice())).rejects.toThrow(/price/i);
    expect(await app.db().uploadBatch.count({ where: { createdBy: actor } })).toBe(0);
  });

  it('stages files sent before the fields and queues them, in order, once the fields are known', async () => {
    const actor = 'admin-files-first-test';
    async function* parts(): AsyncGenerator<StreamedPart> {
      yield await file('first sent.png', 40);
      yield await file('second sent.png', 80);
      yield* fields();
      yield await file('after fields.png', 120);
    }
    const batchId = await app.stageBulkUpload(actor, parts());
    const files = await filesOf(batchId);
    expect(files.map((f) => [f.position, f.originalFilename])).toEqual([
      [0, 'first sent.png'],
      [1, 'second sent.png'],
      [2, 'after fields.png'],
    ]);
    // Staged with the sniffed type, like a file that came after the fields.
    expect((await app.getObject('private', files[0].stagingKey))?.contentType).toBe('image/png');
    await app.runDueJobs();
    expect(await progressOf(batchId)).toMatchObject({ stage: 'complete', total_files: 3, successful_files: 3 });
    expect((await productsOf(batchId)).map((p) => [p.title, p.priceCents]).sort()).toEqual([
      ['After Fields', 300],
      ['First Sent', 300],
      ['Second Sent', 300],
    ]);
  });

  it('deletes the early staged files when the fields that follow them are invalid', async () => {
    const actor = 'admin-files-first-invalid-test';
    const { listObjects } = await import('@/lib/infra/storage');
    const stagedKeys = async () => {
      const keys: string[] = [];
      for await (const page of listObjects('private', 'staging/')) keys.push(...page.map((o) => o.key));
      return keys.sort();
    };
    const before = await stagedKeys();
    async function* parts(): AsyncGenerator<StreamedPart> {
      yield await file('lost one.png', 90);
      yield { kind: 'field', name: 'price', value: 'free' };
      yield { kind: 'field', name: 'category', value: categoryName };
    }
    await expect(app.stageBulkUpload(actor, parts())).rejects.toThrow(/Price must be a number/);
    expect(await app.db().uploadBatch.count({ where: { createdBy: actor } })).toBe(0);
    expect(await stagedKeys()).toEqual(before);
  });

  it("puts a dead worker's job back only once it has expired, then runs it again", async () => {
    const batchId = await bulkUpload([['expiry.png', await solid(5, 5, 250)]]);
    const worker = await otherWorker();
    const [job] = await worker.fetch(app.UPLOAD_JOB, { batchSize: 1 });
    await worker.stop({ graceful: false });
    const stateOf = async () => (await queuedJobs(app.UPLOAD_JOB)).find((j) => j.id === job.id);
    await ageActiveJobs([job.id], app.UPLOAD_JOB_SECONDS - 5);
    await app.maintainJobQueue();
    expect(await stateOf()).toMatchObject({ state: 'active' });
    await ageActiveJobs([job.id], app.UPLOAD_JOB_SECONDS + 1);
    await app.maintainJobQueue();
    const back = await stateOf();
    expect(back).toMatchObject({ state: 'retry' });
    // Not at once: after the first retry delay (5-10 s).
    expect(back!.startAfter.getTime()).toBeGreaterThan(Date.now() + 3_000);
    await makeRetriesDue(app.UPLOAD_JOB);
    await app.runDueJobs();
    expect(await stateOf()).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await progressOf(batchId)).toMatchObject({ stage: 'complete', successful_files: 1 });
  });

  it('sweeps staging objects over a day old that no pending file needs, and closes abandoned batches', async () => {
    const corrupt = (await solid(9, 9, 9)).subarray(0, 60);
    const batchId = await bulkUpload([
      ['corrupt.png', corrupt],
      ['waiting.png', await solid(1, 200, 1)],
    ]);
    const [failing, waiting] = await filesOf(batchId);
    await app.processUploadFile(failing.id);
    expect((await filesOf(batchId))[0].status).toBe('failed');
    // A failed file keeps its staged copy for a retry.
    expect(await app.getObject('private', failing.stagingKey)).not.toBeNull();
    const orphanKey = 'staging/orphaned-request/0';
    await app.putObject('private', orphanKey, await solid(3, 3, 3), 'application/octet-stream');
    const abandoned = await app.db().uploadBatch.create({
      data: { priceCents: 100, createdBy: 'admin-abandoned-test', receiving: true, createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) },
    });

    // Today nothing is old enough.
    expect(await app.sweepStaging()).toMatchObject({ deleted: 0, closedBatches: 1 });
    expect(await app.getObject('private', orphanKey)).not.toBeNull();
    expect(await app.db().uploadBatch.findUniqueOrThrow({ where: { id: abandoned.id } })).toMatchObject({
      receiving: false,
      message: expect.stringMatching(/interrupted/),
    });

    const twoDaysOn = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const swept = await app.sweepStaging(twoDaysOn);
    expect(swept.deleted).toBeGreaterThanOrEqual(2);
    expect(await app.getObject('private', failing.stagingKey)).toBeNull();
    expect(await app.getObject('private', orphanKey)).toBeNull();
    // Still pending: its staged copy stays however old it is.
    expect(await app.getObject('private', waiting.stagingKey)).not.toBeNull();
    // A retry after the sweep fails clearly instead of hanging.
    await app.routes.retry(await post(`/api/admin/retry-failed/${batchId}`), ctx({ batchId }));
    await app.runDueJobs();
    const progress = await progressOf(batchId);
    expect(progress).toMatchObject({ stage: 'partial', successful_files: 1 });
    expect(progress.failed_files).toEqual([{ filename: 'corrupt.png', error: 'The uploaded file is no longer available; upload it again' }]);
  });
});

describe('upload endpoints refuse bad input in the one error shape', () => {
  it('requires an admin session', async () => {
    const res = await app.routes.bulk(await post('/api/admin/bulk-upload', form({ price: '1', category: categoryName }, []), { origin: SITE }), ctx({}));
    expect(res.status).toBe(401);
  });

  it('refuses a bulk upload without a category or images', async () => {
    const noCategory = await app.routes.bulk(await post('/api/admin/bulk-upload', form({ price: '1' }, [['files', 'a.png', await solid(1, 2, 3)]])), ctx({}));
    expect(noCategory.status).toBe(400);
    expect(await noCategory.json()).toMatchObject({ code: 'invalid_request', detail: expect.any(String) });
    const noFiles = await app.routes.bulk(await post('/api/admin/bulk-upload', form({ price: '1', category: categoryName }, [])), ctx({}));
    expect(noFiles.status).toBe(400);
  });

  it('names an analysed image from its cleaned name, colours, size and an allowed suffix', async () => {
    const image = await solid(230, 40, 50, 'png', 640, 480);
    const ok = await app.routes.analyze(
      await post('/api/admin/analyze-image', form({ suffix: 'clipart' }, [['file', 'IMG_0001 Cherry Pop (3).png', image]])),
      ctx({}),
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { generated_filename: string }).generated_filename).toBe('Cherry-Pop-Red-640x480-clipart.png');
    const badSuffix = await app.routes.analyze(await post('/api/admin/analyze-image', form({ suffix: '../../etc' }, [['file', 'a.png', image]])), ctx({}));
    expect(badSuffix.status).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const refused = await app.routes.analyze(
      await post('/api/admin/analyze-image', form({ suffix: '' }, [['file', 'evil.png', svg, 'image/svg+xml']])),
      ctx({}),
    );
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'unsupported_media_type', detail: expect.stringMatching(/SVG/) });
    const polyglot = Buffer.concat([(await solid(1, 2, 3)).subarray(0, 40), Buffer.from('<html><script>alert(1)</script>')]);
    const poly = await app.routes.analyze(await post('/api/admin/analyze-image', form({}, [['file', 'poly.png', polyglot]])), ctx({}));
    expect(poly.status).toBe(415);
  });

  it('creates an individual product with its files, and refuses an SVG mockup without leaving a product', async () => {
    const fields = { title: 'Solo Design', description: 'Two files', price: '7.25', category: categoryName, tags: 'solo' };
    const files: [string, string, Buffer, string?][] = [
      ['mockup', 'mockup.png', await solid(90, 90, 200)],
      ['files', 'design.png', await solid(90, 90, 200, 'png', 1000, 1000)],
      ['files', 'guide.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf'],
    ];
    const res = await app.routes.individual(await post('/api/admin/individual-upload', form(fields, files)), ctx({}));
    expect(res.status).toBe(201);
    const { product_id } = (await res.json()) as { product_id: string };
    const product = await app.db().product.findUniqueOrThrow({ where: { id: product_id }, include: { files: { orderBy: { position: 'asc' } } } });
    expect(product).toMatchObject({ title: 'Solo Design', priceCents: 725, tags: ['solo'] });
    expect(product.files.map((f) => f.originalFilename)).toEqual(['design.png', 'guide.pdf']);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const before = await app.db().product.count();
    const refused = await app.routes.individual(
      await post('/api/admin/individual-upload', form({ ...fields, title: 'Nope' }, [['mockup', 'm.svg', svg, 'image/svg+xml'], files[1]])),
      ctx({}),
    );
    expect(refused.status).toBe(415);
    expect(await app.db().product.count()).toBe(before);
  });
});

describe('streaming multipart reader', () => {
  it('reads every part intact however the body is split into chunks', async () => {
    const { readMultipart } = await import('@/lib/domain/uploads');
    const { randomBytes } = await import('node:crypto');
    const files = [randomBytes(20_000), Buffer.from('--\r\n--boundary-lookalike\r\n'), Buffer.alloc(0)];
    const source = new Request(SITE, {
      method: 'POST',
      body: form(
        { price: '4.50' },
        files.map((b, i) => ['files', `f${i}.png`, b] as [string, string, Buffer]),
      ),
    });
    const type = source.headers.get('content-type') as string;
    const raw = Buffer.from(await source.arrayBuffer());
    for (const size of [1, 7, 1000, 65_536]) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < raw.length; i += size) controller.enqueue(new Uint8Array(raw.subarray(i, i + size)));
          controller.close();
        },
      });
      const request = new Request(SITE, { method: 'POST', body, headers: { 'content-type': type }, duplex: 'half' } as RequestInit);
      const parts: FormPart[] = [];
      for await (const part of readMultipart(request, { maxFileBytes: 1_000_000, maxFieldBytes: 100, maxParts: 10 })) parts.push(part);
      expect(parts[0]).toEqual({ kind: 'field', name: 'price', value: '4.50' });
      expect(parts.slice(1).map((p) => (p.kind === 'file' ? p.data.equals(files[parts.indexOf(p) - 1]) : false))).toEqual([true, true, true]);
    }
  });

  it('refuses a file over the byte limit with 413 before reading the rest', async () => {
    const { readMultipart } = await import('@/lib/domain/uploads');
    const request = await post('', form({}, [['files', 'big.png', Buffer.alloc(5000)]]), {});
    const read = async () => {
      for await (const part of readMultipart(request, { maxFileBytes: 1000, maxFieldBytes: 100, maxParts: 10 })) void part;
    };
    await expect(read()).rejects.toMatchObject({ code: 'payload_too_large' });
  });

  it('holds a named file field to its own, tighter limit', async () => {
    const { readMultipart } = await import('@/lib/domain/uploads');
    const limits = { maxFileBytes: 10_000, maxFileBytesByField: { mockup: 1000 }, maxFieldBytes: 100, maxParts: 10 };
    const read = async (field: string) => {
      const request = await post('', form({}, [[field, 'a.png', Buffer.alloc(5000)]]), {});
      const sizes: number[] = [];
      for await (const part of readMultipart(request, limits)) if (part.kind === 'file') sizes.push(part.data.length);
      return sizes;
    };
    await expect(read('mockup')).rejects.toMatchObject({ code: 'payload_too_large', message: 'a.png is larger than 1 MB' });
    await expect(read('files')).resolves.toEqual([5000]);
  });
});
