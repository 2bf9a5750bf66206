// A staged upload (Decision 070) as the shop signs and accepts it, not as
// storage enforces a signature: the presigned PUT is checked here with the
// storage secret, as S3 checks it, to read what the shop signed (one key of its
// own choosing in private staging, the declared size and type, 15 minutes);
// the shop refuses to sign anything it would not take; and a file becomes a
// job only once storage holds exactly what was signed, even when an object got
// there without the signature (a store that checks none). That only admins
// reach the endpoints, before their bodies are read, is proven for every admin
// route by admin-access.test.ts and body-limits.test.ts.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagedUploadResponse, uploadUrlsResponse, type StagedUploadTarget } from '@/lib/contract/staged-uploads';
import { presignedSignatureMatches } from '../../scripts/lib/presigned-signature';
import { expectShape } from '../api/helpers';
import { adminToken, call, closeDb, count, expectErrorShape, sql } from './helpers';

const PRIVATE_BUCKET = process.env.S3_BUCKET ?? 'shop-files';
const PUBLIC_BUCKET = process.env.S3_PUBLIC_BUCKET ?? 'shop-public';
const STAGED_KEY = new RegExp(`^/${PRIVATE_BUCKET}/staging/c[a-z0-9]{25}/\\d+$`);
const UPLOAD_URL_SECONDS = 15 * 60;
const MB = 1024 * 1024;

let admin: Record<string, string>;
let image: Buffer;
const batches: string[] = [];

type Declared = { name: string; size: number; type: string };

async function openBatch(files: Declared[]) {
  const res = await call('POST', '/api/admin/bulk-upload/staged', { headers: admin, json: { price: 1, category: 'Clip Art', files } });
  expect(res.status, res.text).toBe(201);
  const body = expectShape(stagedUploadResponse, res.body);
  batches.push(body.batch_id);
  return body;
}

/** Whether the URL's signature covers `method` with exactly these headers, checked with the storage secret as S3 checks it. */
function signs(target: { url: string }, method: string, headers: { size: number; type: string }): boolean {
  const url = new URL(target.url);
  const sent: Record<string, string> = { host: url.host, 'content-length': String(headers.size), 'content-type': headers.type };
  return presignedSignatureMatches({ method, url: url.pathname + url.search, header: (name) => sent[name.toLowerCase()] }, (id) =>
    id === process.env.S3_ACCESS_KEY_ID ? process.env.S3_SECRET_ACCESS_KEY : undefined,
  );
}

/** Writes an object straight into the store, signature or none: what a store that checks none would take from anyone holding a URL. */
async function writeUnchecked(key: string, body: Buffer, type: string) {
  const res = await fetch(`${process.env.S3_ENDPOINT}/${PRIVATE_BUCKET}/${key}`, {
    method: 'PUT',
    headers: { 'content-type': type },
    body: new Uint8Array(body),
  });
  expect(res.status).toBe(200);
}

async function exists(bucket: string, key: string): Promise<boolean> {
  return (await fetch(`${process.env.S3_ENDPOINT}/${bucket}/${key}`, { method: 'HEAD' })).status === 200;
}

const keyOf = (target: StagedUploadTarget) => decodeURIComponent(new URL(target.url).pathname).replace(`/${PRIVATE_BUCKET}/`, '');

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  for (const id of batches) await call('POST', `/api/admin/bulk-upload/${id}/complete`, { headers: admin });
  await closeDb();
});

describe('what the shop signs', () => {
  it('one PUT of the declared size and type, for 15 minutes, to a private staging key of its own whatever the file is called', async () => {
    const names = ['../../files/somebody-else/original.png', `${PUBLIC_BUCKET}/previews/x.webp`, '%2e%2e%2fescape.png', 'plain.png'];
    const { uploads } = await openBatch(names.map((name) => ({ name, size: image.length, type: 'image/png' })));
    expect(uploads).toHaveLength(names.length);
    const stagingIds = new Set<string>();
    uploads.forEach((target, position) => {
      const url = new URL(target.url);
      expect(url.pathname).toMatch(STAGED_KEY);
      expect(url.pathname.endsWith(`/${position}`)).toBe(true);
      stagingIds.add(url.pathname.split('/')[3]);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(UPLOAD_URL_SECONDS);
      expect(Math.abs(Date.parse(target.expires_at) - Date.now() - UPLOAD_URL_SECONDS * 1000)).toBeLessThan(60_000);
      expect(target.headers).toEqual({ 'Content-Type': 'image/png' });

      expect(signs(target, 'PUT', { size: image.length, type: 'image/png' })).toBe(true);
      for (const size of [image.length - 1, image.length + 1, 50 * MB]) expect(signs(target, 'PUT', { size, type: 'image/png' }), `${size} bytes`).toBe(false);
      for (const type of ['image/svg+xml', 'text/html', 'image/jpeg']) expect(signs(target, 'PUT', { size: image.length, type }), type).toBe(false);
      expect(signs(target, 'GET', { size: image.length, type: 'image/png' })).toBe(false);
    });
    expect(stagingIds.size).toBe(1);
  });

  it('refuses to sign a type, size or count it would not accept, and opens no batch for it', async () => {
    const before = await count('UploadBatch');
    const refusals: [string, Declared[]][] = [
      ['SVG', [{ name: 'a.svg', size: 100, type: 'image/svg+xml' }]],
      ['HTML', [{ name: 'a.png', size: 100, type: 'text/html' }]],
      ['no type', [{ name: 'a.png', size: 100, type: '' }]],
      ['empty', [{ name: 'a.png', size: 0, type: 'image/png' }]],
      ['over 50 MB', [{ name: 'a.png', size: 50 * MB + 1, type: 'image/png' }]],
      ['a fraction of a byte', [{ name: 'a.png', size: 10.5, type: 'image/png' }]],
      ['1,001 files', Array.from({ length: 1001 }, (_, i) => ({ name: `${i}.png`, size: 100, type: 'image/png' }))],
    ];
    for (const [label, files] of refusals) {
      const res = await call('POST', '/api/admin/bulk-upload/staged', { headers: admin, json: { price: 1, category: 'Clip Art', files } });
      expectErrorShape(res, 400);
      expect(res.text, label).not.toContain('X-Amz-Signature');
    }
    expect(await count('UploadBatch')).toBe(before);
  });

  it("renews URLs only for the batch's own files still awaiting, each signed as before", async () => {
    const first = await openBatch([{ name: 'a.png', size: image.length, type: 'image/png' }]);
    const other = await openBatch([{ name: 'b.png', size: 999, type: 'image/jpeg' }]);
    const [target] = first.uploads;

    const renewed = await call('POST', `/api/admin/bulk-upload/${first.batch_id}/urls`, { headers: admin, json: { file_ids: [target.file_id] } });
    expect(renewed.status, renewed.text).toBe(200);
    const [again] = expectShape(uploadUrlsResponse, renewed.body).uploads;
    expect(new URL(again.url).pathname).toBe(new URL(target.url).pathname);
    expect(signs(again, 'PUT', { size: image.length, type: 'image/png' })).toBe(true);

    const foreign = await call('POST', `/api/admin/bulk-upload/${first.batch_id}/urls`, { headers: admin, json: { file_ids: [other.uploads[0].file_id] } });
    expectErrorShape(foreign, 400);
    expect(foreign.text).not.toContain('X-Amz-Signature');

    // Once the batch is closed its files await nothing: no URL, no key written.
    expect((await call('POST', `/api/admin/bulk-upload/${first.batch_id}/complete`, { headers: admin })).status).toBe(200);
    const after = await call('POST', `/api/admin/bulk-upload/${first.batch_id}/urls`, { headers: admin, json: { file_ids: [target.file_id] } });
    expect(expectShape(uploadUrlsResponse, after.body).uploads).toEqual([]);
  });
});

describe('what the shop accepts from storage', () => {
  it('queues no file whose stored object differs from what was signed, and deletes what was stored', async () => {
    const { batch_id, uploads } = await openBatch([
      { name: 'longer.png', size: image.length, type: 'image/png' },
      { name: 'retyped.png', size: image.length, type: 'image/png' },
    ]);
    const [longer, retyped] = uploads;
    await writeUnchecked(keyOf(longer), Buffer.concat([image, Buffer.from('more')]), 'image/png');
    await writeUnchecked(keyOf(retyped), image, 'text/html');

    const res = await call('POST', `/api/admin/bulk-upload/${batch_id}/received`, { headers: admin, json: { file_ids: [longer.file_id, retyped.file_id] } });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ queued: 0 });
    const rows = await sql<{ id: string; status: string; error: string }>(`SELECT id, status, error FROM "UploadFile" WHERE "batchId" = $1`, [batch_id]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(longer.file_id)).toMatchObject({ status: 'failed', error: expect.stringContaining(`not the ${image.length} declared`) });
    expect(byId.get(retyped.file_id)).toMatchObject({ status: 'failed', error: expect.stringContaining('not the declared image/png') });
    for (const target of uploads) expect(await exists(PRIVATE_BUCKET, keyOf(target))).toBe(false);
  });

  it('takes the file its URL was signed for, serves it from nowhere, and makes it a job', async () => {
    const { batch_id, uploads } = await openBatch([{ name: 'secret-original.png', size: image.length, type: 'image/png' }]);
    const [target] = uploads;
    const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(image) });
    expect(put.status).toBe(200);

    const key = keyOf(target);
    expect(await exists(PRIVATE_BUCKET, key)).toBe(true);
    expect(await exists(PUBLIC_BUCKET, key)).toBe(false);
    expect((await call('GET', `/api/media/${key}`)).status).toBe(404);
    expect((await call('GET', `/api/admin/upload-progress/${batch_id}`, { headers: admin })).text).not.toContain('staging/');

    const res = await call('POST', `/api/admin/bulk-upload/${batch_id}/received`, { headers: admin, json: { file_ids: [target.file_id] } });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ queued: 1 });
    const [row] = await sql<{ status: string }>(`SELECT status FROM "UploadFile" WHERE id = $1`, [target.file_id]);
    expect(['pending', 'processing', 'done']).toContain(row.status);
  });
});
