// Staged direct uploads (Decision 070) against real Postgres and the S3 stand-in,
// which checks presigned signatures as S3 does: what the store holds decides
// whether a file is queued, a file whose bytes disagree with its declared type
// is stored under its true type, "retry" leaves files that never arrived alone,
// and the hourly sweep closes batches whose browser went away.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';

const fx = createFixtures('Stg');

async function loadApp() {
  const [uploads, staged, jobs, handlers, storage, db] = await Promise.all([
    import('@/lib/domain/uploads'),
    import('@/lib/domain/uploads/staged'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/background-work'),
    import('@/lib/infra/storage'),
    import('@/lib/infra/db'),
  ]);
  return { ...uploads, ...staged, ...storage, runDueJobs: jobs.runDueJobs, registerJobHandlers: handlers.registerJobHandlers, db: db.db };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let category: string;

const png = (shade: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 200 } } })
    .png()
    .toBuffer();

type Declared = { name: string; bytes: Buffer; type?: string };

async function open(files: Declared[]) {
  const fields = { price: 3.5, category, subcategory: undefined, tags: 'staged' };
  const declared = files.map((f) => ({ name: f.name, size: f.bytes.length, type: f.type ?? 'image/png' }));
  return app.openStagedBatch('admin-staged-test', fields, declared);
}

/** The browser's PUT: to the presigned URL, with its headers and the file's bytes. */
async function put(upload: { url: string; headers: Record<string, string> }, bytes: Buffer): Promise<number> {
  const res = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(bytes) });
  await res.arrayBuffer();
  return res.status;
}

const filesOf = (batchId: string) => app.db().uploadFile.findMany({ where: { batchId }, orderBy: { position: 'asc' } });
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  app = await loadApp();
  await app.ensureBuckets();
  app.registerJobHandlers();
  category = (await fx.category()).name;
});

describe('what the store holds decides', () => {
  it('queues a file whose object matches its URL, and fails (deleting the object) one that does not, or never arrived', async () => {
    const [good, other, missing] = [await png(10), await png(20), await png(30)];
    const { batchId, uploads } = await open([
      { name: 'good.png', bytes: good },
      { name: 'other.png', bytes: other },
      { name: 'missing.png', bytes: missing },
    ]);
    expect(await put(uploads[0], good)).toBe(200);
    // A store that took a body of another size (S3 would not: the size is signed) is caught all the same.
    const [, second] = await filesOf(batchId);
    await app.putObject('private', second.stagingKey, Buffer.concat([other, Buffer.from('extra')]), 'image/png');

    const queued = await app.receiveStagedFiles(
      batchId,
      uploads.map((u) => u.fileId),
    );
    expect(queued).toBe(1);
    const rows = await filesOf(batchId);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'failed', 'failed']);
    expect(rows[1].error).toMatch(/^Storage holds \d+ bytes, not the \d+ declared; upload it again$/);
    expect(rows[2].error).toBe(app.NEVER_ARRIVED);
    expect(await app.headObject('private', rows[1].stagingKey)).toBeNull();
    expect(await app.getUploadProgress(batchId)).toMatchObject({ stage: 'processing', message: 'Receiving files: 3 so far, 2 processed' });
  });

  it('stores a file declared as JPEG but sent as PNG bytes under its true type', async () => {
    const bytes = await png(40);
    const { batchId, uploads } = await open([{ name: 'mislabelled.jpg', bytes, type: 'image/jpeg' }]);
    expect(await put(uploads[0], bytes)).toBe(200);
    expect(await app.receiveStagedFiles(batchId, [uploads[0].fileId])).toBe(1);
    await app.completeStagedBatch(batchId);
    await app.runDueJobs();
    const product = await app.db().product.findUniqueOrThrow({ where: { id: uploads[0].fileId }, include: { files: true } });
    expect(product.files[0].contentType).toBe('image/png');
    expect((await app.headObject('private', product.files[0].storageKey))?.contentType).toBe('image/png');
    expect(await app.getUploadProgress(batchId)).toMatchObject({ stage: 'complete', successfulFiles: 1 });
  });
});

describe('retry', () => {
  it('leaves a file that never reached storage failed, with its "upload it again" error', async () => {
    const { batchId } = await open([{ name: 'never.png', bytes: await png(50) }]);
    expect(await app.completeStagedBatch(batchId)).toBe(1);
    expect(await app.retryFailedFiles('admin-staged-test', batchId)).toBe(0);
    const [row] = await filesOf(batchId);
    expect(row).toMatchObject({ status: 'failed', error: app.NEVER_ARRIVED });
  });
});

describe('the hourly sweep', () => {
  it('fails files still awaiting an hour after their URLs expired, deletes what they left and closes the batch', async () => {
    const [sent, unsent] = [await png(60), await png(70)];
    const { batchId, uploads } = await open([
      { name: 'sent-not-reported.png', bytes: sent },
      { name: 'never-sent.png', bytes: unsent },
    ]);
    expect(await put(uploads[0], sent)).toBe(200);
    const [first] = await filesOf(batchId);

    expect(await app.sweepStaging()).toMatchObject({ abandonedFiles: 0 });
    expect((await filesOf(batchId)).map((f) => f.status)).toEqual(['awaiting', 'awaiting']);

    const swept = await app.sweepStaging(new Date(Date.now() + app.UPLOAD_URL_SECONDS * 1000 + HOUR_MS));
    expect(swept.abandonedFiles).toBeGreaterThanOrEqual(2);
    expect((await filesOf(batchId)).map((f) => [f.status, f.error])).toEqual([
      ['failed', app.NEVER_ARRIVED],
      ['failed', app.NEVER_ARRIVED],
    ]);
    expect(await app.headObject('private', first.stagingKey)).toBeNull();
    const batch = await app.db().uploadBatch.findUniqueOrThrow({ where: { id: batchId } });
    expect(batch).toMatchObject({ receiving: false, message: expect.stringMatching(/interrupted/) });
    expect(await app.getUploadProgress(batchId)).toMatchObject({ stage: 'failed' });
  });

  it('counts from the last URL issued: fresh URLs keep a slow batch alive', async () => {
    const { batchId, uploads } = await open([{ name: 'slow.png', bytes: await png(80) }]);
    await app.db().$executeRaw`UPDATE "UploadFile" SET "updatedAt" = now() - interval '3 hours' WHERE "batchId" = ${batchId}`;
    const renewed = await app.renewStagedUploads(batchId, [uploads[0].fileId]);
    expect(renewed).toHaveLength(1);
    expect(renewed[0].expiresAt.getTime()).toBeGreaterThan(Date.now() + 10 * 60 * 1000);
    await app.sweepStaging();
    expect((await filesOf(batchId))[0].status).toBe('awaiting');
  });
});
