// Staged bulk uploads over HTTP (Decision 070): the shop opens the batch and signs
// one PUT per image, the test PUTs each image to storage itself as the admin's
// browser does, reports them received, closes the batch and polls progress to
// the products. Storage is the S3 stand-in, which checks presigned signatures
// as S3 does.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productResponse } from '@/lib/contract/catalog';
import {
  stagedUploadResponse,
  uploadCompleteResponse,
  uploadsReceivedResponse,
  uploadUrlsResponse,
  type StagedUploadTarget,
} from '@/lib/contract/staged-uploads';
import { bulkUploadResponse, uploadProgressResponse, type UploadProgressResponse } from '@/lib/contract/uploads';
import { adminToken, call, closeDb, count, sql } from '../security/helpers';
import { expectError, expectShape } from './helpers';

let admin: Record<string, string>;
const CATEGORY = 'Clip Art';
// Letters only: titles are made from filenames, which drop digits as camera noise.
const word = () => `Zs${Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;

const png = (shade: number) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: shade, g: 140, b: 90 } } })
    .png()
    .toBuffer();

type Image = { name: string; bytes: Buffer; type?: string };

async function open(images: Image[], fields: Record<string, unknown> = {}) {
  const files = images.map((i) => ({ name: i.name, size: i.bytes.length, type: i.type ?? 'image/png' }));
  const res = await call('POST', '/api/admin/bulk-upload/staged', {
    headers: admin,
    json: { price: 2.5, category: CATEGORY, tags: ['staged'], ...fields, files },
  });
  expect(res.status, res.text).toBe(201);
  return expectShape(stagedUploadResponse, res.body);
}

/** The browser's PUT: the signed URL, its headers, the file's bytes. */
async function put(target: StagedUploadTarget, bytes: Buffer, headers = target.headers): Promise<number> {
  const res = await fetch(target.url, { method: target.method, headers, body: new Uint8Array(bytes) });
  await res.arrayBuffer();
  return res.status;
}

const received = (batchId: string, fileIds: string[]) =>
  call('POST', `/api/admin/bulk-upload/${batchId}/received`, { headers: admin, json: { file_ids: fileIds } });
const complete = (batchId: string) => call('POST', `/api/admin/bulk-upload/${batchId}/complete`, { headers: admin });

async function progressOf(batchId: string): Promise<UploadProgressResponse> {
  const res = await call('GET', `/api/admin/upload-progress/${batchId}`, { headers: admin });
  expect(res.status, res.text).toBe(200);
  return expectShape(uploadProgressResponse, res.body);
}

/** Polls as the Upload tab does until the batch has finished (the shop's own worker makes the products). */
async function finished(batchId: string): Promise<UploadProgressResponse> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const progress = await progressOf(batchId);
    if (progress.stage !== 'processing' || Date.now() > deadline) return progress;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const filesOf = (batchId: string) =>
  sql<{ id: string; status: string; error: string | null; stagingKey: string }>(
    `SELECT id, status, error, "stagingKey" FROM "UploadFile" WHERE "batchId" = $1 ORDER BY position`,
    [batchId],
  );
const jobsOf = async (fileId: string) =>
  Number((await sql<{ n: string }>(`SELECT count(*)::text AS n FROM pgboss.job WHERE data->>'fileId' = $1`, [fileId]))[0].n);

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
});

afterAll(async () => {
  await closeDb();
});

describe('POST /api/admin/bulk-upload/staged → PUT → received → complete', () => {
  it('makes a product of every image sent straight to storage, processing the first while the rest are on their way', async () => {
    const tag = word();
    const images = await Promise.all(['Harbour', 'Lantern', 'Orchard'].map(async (n, i) => ({ name: `${n}-${tag}.png`, bytes: await png(40 * i + 20) })));
    const { batch_id: batchId, uploads } = await open(images, { tags: `staged, ${tag.toLowerCase()}` });
    expect(uploads).toHaveLength(3);
    for (const u of uploads) {
      expect(u).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
      // Signed for a few minutes, not hours: whoever holds the URL can write that key until then.
      const lifetime = Date.parse(u.expires_at) - Date.now();
      expect(lifetime).toBeGreaterThan(10 * 60 * 1000);
      expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);
    }
    expect(await progressOf(batchId)).toMatchObject({ stage: 'processing', total_files: 3, current_file: 0, message: 'Receiving files: 0 of 3, 0 processed' });

    expect(await put(uploads[0], images[0].bytes)).toBe(200);
    const first = await received(batchId, [uploads[0].file_id]);
    expect(first.status, first.text).toBe(202);
    expect(expectShape(uploadsReceivedResponse, first.body)).toEqual({ queued: 1 });

    for (const i of [1, 2]) expect(await put(uploads[i], images[i].bytes)).toBe(200);
    const rest = await received(batchId, [uploads[1].file_id, uploads[2].file_id]);
    expect(expectShape(uploadsReceivedResponse, rest.body)).toEqual({ queued: 2 });
    const closed = await complete(batchId);
    expect(closed.status, closed.text).toBe(200);
    expect(expectShape(uploadCompleteResponse, closed.body)).toMatchObject({ batch_id: batchId, never_received: 0 });

    const progress = await finished(batchId);
    expect(progress).toMatchObject({ stage: 'complete', successful_files: 3, failed_files: [], message: 'All 3 file(s) uploaded' });
    const listed = expectShape(z.array(productResponse), (await call('GET', `/api/products?search=${tag}`)).body);
    expect(listed.map((p) => p.title).sort()).toEqual(['Harbour', 'Lantern', 'Orchard'].map((n) => `${n} ${tag}`));
    for (const p of listed) expect(p).toMatchObject({ price: 2.5, category: CATEGORY });
    // The product is the upload file: its id, and its original stored privately byte for byte as sent.
    expect(listed.map((p) => p.id).sort()).toEqual(uploads.map((u) => u.file_id).sort());
    const stored = await sql<{ sizeBytes: number; contentType: string }>(`SELECT "sizeBytes", "contentType" FROM "ProductFile" WHERE "productId" = $1`, [
      uploads[0].file_id,
    ]);
    expect(stored).toEqual([{ sizeBytes: images[0].bytes.length, contentType: 'image/png' }]);
  });

  it('a second received or complete changes nothing: one job and one product per file', async () => {
    const image = { name: `Twice-${word()}.png`, bytes: await png(7) };
    const { batch_id: batchId, uploads } = await open([image]);
    expect(await put(uploads[0], image.bytes)).toBe(200);
    const [a, b] = await Promise.all([received(batchId, [uploads[0].file_id]), received(batchId, [uploads[0].file_id])]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const queued = [a, b].map((r) => expectShape(uploadsReceivedResponse, r.body).queued).sort();
    expect(queued).toEqual([0, 1]);
    expect(expectShape(uploadCompleteResponse, (await complete(batchId)).body).never_received).toBe(0);
    expect(expectShape(uploadCompleteResponse, (await complete(batchId)).body).never_received).toBe(0);
    expect(expectShape(uploadsReceivedResponse, (await received(batchId, [uploads[0].file_id])).body)).toEqual({ queued: 0 });
    expect(await finished(batchId)).toMatchObject({ stage: 'complete', successful_files: 1 });
    expect(await jobsOf(uploads[0].file_id)).toBe(1);
    expect(await count('Product', 'id = $1', [uploads[0].file_id])).toBe(1);
  });

  it('a file never sent fails at complete with "upload it again"; the others still become products', async () => {
    const images = [
      { name: `Sent-${word()}.png`, bytes: await png(90) },
      { name: `Lost-${word()}.png`, bytes: await png(91) },
    ];
    const { batch_id: batchId, uploads } = await open(images);
    expect(await put(uploads[0], images[0].bytes)).toBe(200);
    await received(batchId, [uploads[0].file_id]);
    expect(expectShape(uploadCompleteResponse, (await complete(batchId)).body).never_received).toBe(1);
    const progress = await finished(batchId);
    expect(progress).toMatchObject({ stage: 'partial', successful_files: 1 });
    expect(progress.failed_files).toEqual([{ filename: images[1].name, error: 'The file never reached storage; upload it again' }]);
  });
});

describe('a body other than the one signed', () => {
  it('storage refuses another size or type (403); a file reported anyway fails at received, and nothing is queued', async () => {
    const image = { name: `Mismatch-${word()}.png`, bytes: await png(33) };
    const { batch_id: batchId, uploads } = await open([image]);
    expect(await put(uploads[0], Buffer.concat([image.bytes, Buffer.from('x')]))).toBe(403);
    expect(await put(uploads[0], image.bytes, { 'Content-Type': 'image/jpeg' })).toBe(403);
    const res = await received(batchId, [uploads[0].file_id]);
    expect(expectShape(uploadsReceivedResponse, res.body)).toEqual({ queued: 0 });
    expect(await filesOf(batchId)).toMatchObject([{ status: 'failed', error: 'The file never reached storage; upload it again' }]);
    expect(await jobsOf(uploads[0].file_id)).toBe(0);
  });
});

describe('fresh URLs', () => {
  it('are issued only for files still awaiting their upload', async () => {
    const images = [
      { name: `Early-${word()}.png`, bytes: await png(11) },
      { name: `Late-${word()}.png`, bytes: await png(12) },
    ];
    const { batch_id: batchId, uploads } = await open(images);
    expect(await put(uploads[0], images[0].bytes)).toBe(200);
    await received(batchId, [uploads[0].file_id]);
    const res = await call('POST', `/api/admin/bulk-upload/${batchId}/urls`, { headers: admin, json: { file_ids: uploads.map((u) => u.file_id) } });
    expect(res.status, res.text).toBe(200);
    const fresh = expectShape(uploadUrlsResponse, res.body).uploads;
    expect(fresh.map((u) => u.file_id)).toEqual([uploads[1].file_id]);
    expect(await put(fresh[0], images[1].bytes)).toBe(200);
    await received(batchId, [uploads[1].file_id]);
    await complete(batchId);
    expect(await finished(batchId)).toMatchObject({ stage: 'complete', successful_files: 2 });
  });
});

describe('refused requests, in the one error shape, with nothing written', () => {
  const file = { name: 'a.png', size: 1000, type: 'image/png' };
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['no files', { price: 1, category: CATEGORY, files: [] }, /^Choose at least one image$/],
    ['files missing', { price: 1, category: CATEGORY }, /^Choose at least one image$/],
    ['no price', { category: CATEGORY, files: [file] }, /^Price is required$/],
    ['a price with 3 decimals', { price: '1.005', category: CATEGORY, files: [file] }, /^Price has at most 2 decimals$/],
    ['no category', { price: 1, files: [file] }, /^Category is required$/],
    ['an unknown category', { price: 1, category: 'No Such Category', files: [file] }, /^Unknown category: No Such Category$/],
    [
      'an SVG',
      { price: 1, category: CATEGORY, files: [{ ...file, name: 'x.svg', type: 'image/svg+xml' }] },
      /^x\.svg: not a supported image .*SVG is not accepted$/,
    ],
    ['an empty file', { price: 1, category: CATEGORY, files: [{ ...file, size: 0 }] }, /^a\.png: the file is empty$/],
    ['a file over 50 MB', { price: 1, category: CATEGORY, files: [{ ...file, size: 50 * 1024 * 1024 + 1 }] }, /^a\.png: the file is larger than 50 MB$/],
    ['1001 files', { price: 1, category: CATEGORY, files: Array.from({ length: 1001 }, () => file) }, /^At most 1000 files in one upload$/],
  ];

  it.each(cases)('%s: 400', async (_label, body, detail) => {
    const before = await count('UploadBatch');
    const res = await call('POST', '/api/admin/bulk-upload/staged', { headers: admin, json: body });
    expect(expectError(res, 400, 'invalid_request').detail).toMatch(detail);
    expect(await count('UploadBatch')).toBe(before);
  });

  it('an unknown batch: 404 on received, complete and urls', async () => {
    for (const path of ['received', 'urls']) {
      expectError(
        await call('POST', `/api/admin/bulk-upload/cnosuchbatch000/${path}`, { headers: admin, json: { file_ids: ['cnosuchfile000'] } }),
        404,
        'not_found',
      );
    }
    expectError(await complete('cnosuchbatch000'), 404, 'not_found');
  });

  it('file ids of another batch, or none: 400, and the batch is untouched', async () => {
    const one = await open([{ name: 'one.png', bytes: await png(1) }]);
    const two = await open([{ name: 'two.png', bytes: await png(2) }]);
    const res = await received(one.batch_id, [one.uploads[0].file_id, two.uploads[0].file_id]);
    expect(expectError(res, 400, 'invalid_request').detail).toBe('1 file id(s) are not in this batch');
    expect(expectError(await received(one.batch_id, []), 400, 'invalid_request').detail).toBe('Name at least one file');
    expect((await filesOf(one.batch_id)).map((f) => f.status)).toEqual(['awaiting']);
    await complete(one.batch_id);
    await complete(two.batch_id);
  });

  it('complete on a batch sent as one multipart form: 409, the batch left to its own request', async () => {
    const form = new FormData();
    form.append('price', '1.00');
    form.append('category', CATEGORY);
    form.append('files', new Blob([new Uint8Array(await png(5))], { type: 'image/png' }), `Form-${word()}.png`);
    const posted = await call('POST', '/api/admin/bulk-upload', { headers: admin, body: form });
    expect(posted.status, posted.text).toBe(202);
    const { batch_id } = expectShape(bulkUploadResponse, posted.body);
    expectError(await complete(batch_id), 409, 'conflict');
    expect(await finished(batch_id)).toMatchObject({ stage: 'complete', successful_files: 1 });
  });
});
