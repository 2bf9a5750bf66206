// A staged upload's presigned PUT (Decision 070) writes one object, of one size
// and type, once, into the private staging area, and gives nobody a way to read
// it back. Storage here is the S3 stand-in, which checks presigned signatures as
// S3 does (scripts/lib/s3-stand-in.ts). That only admins reach the endpoints is
// proven for every admin route by admin-access.test.ts (routes.ts lists them).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagedUploadResponse, type StagedUploadTarget } from '@/lib/contract/staged-uploads';
import { expectShape } from '../api/helpers';
import { adminToken, call, closeDb, sql } from './helpers';

const PRIVATE_BUCKET = process.env.S3_BUCKET ?? 'shop-files';
const PUBLIC_BUCKET = process.env.S3_PUBLIC_BUCKET ?? 'shop-public';

let admin: Record<string, string>;
let image: Buffer;
let target: StagedUploadTarget;
let batchId: string;

/** Whether an object exists at `key`, asked of the store directly (the stand-in answers unsigned reads). */
async function exists(bucket: string, key: string): Promise<boolean> {
  const res = await fetch(`${process.env.S3_ENDPOINT}/${bucket}/${key}`, { method: 'HEAD' });
  return res.status === 200;
}

async function put(url: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });
  await res.arrayBuffer();
  return res.status;
}

const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(`/${PRIVATE_BUCKET}/`, '');

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    .png()
    .toBuffer();
  const res = await call('POST', '/api/admin/bulk-upload/staged', {
    headers: admin,
    json: { price: 1, category: 'Clip Art', files: [{ name: 'secret-original.png', size: image.length, type: 'image/png' }] },
  });
  expect(res.status, res.text).toBe(201);
  const body = expectShape(stagedUploadResponse, res.body);
  [target] = body.uploads;
  batchId = body.batch_id;
});

afterAll(async () => {
  await call('POST', `/api/admin/bulk-upload/${batchId}/complete`, { headers: admin });
  await closeDb();
});

describe('the presigned PUT', () => {
  it('names one key in the private staging area, and signs its size and type as well as its key and method', () => {
    const url = new URL(target.url);
    expect(url.pathname).toMatch(new RegExp(`^/${PRIVATE_BUCKET}/staging/[a-z0-9]+/0$`));
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual(['content-length', 'content-type', 'host']);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60);
  });

  it('cannot write a body of another size (S3: SignatureDoesNotMatch)', async () => {
    expect(await put(target.url, Buffer.concat([image, image]), target.headers)).toBe(403);
    expect(await put(target.url, image.subarray(0, image.length - 1), target.headers)).toBe(403);
    expect(await exists(PRIVATE_BUCKET, keyOf(target.url))).toBe(false);
  });

  it('cannot write a body of another type, SVG or HTML included', async () => {
    for (const type of ['image/svg+xml', 'text/html', 'image/jpeg']) expect(await put(target.url, image, { 'Content-Type': type }), type).toBe(403);
    expect(await exists(PRIVATE_BUCKET, keyOf(target.url))).toBe(false);
  });

  it('cannot write another key, in staging, among the paid files or in the public bucket', async () => {
    const url = new URL(target.url);
    const elsewhere = [
      url.pathname.replace(/\/0$/, '/1'),
      `/${PRIVATE_BUCKET}/files/somebody-else/original.png`,
      url.pathname.replace(`/${PRIVATE_BUCKET}/`, `/${PUBLIC_BUCKET}/`),
    ];
    for (const path of elsewhere) {
      const forged = new URL(url);
      forged.pathname = path;
      expect(await put(forged.toString(), image, target.headers), path).toBe(403);
    }
    expect(await exists(PRIVATE_BUCKET, 'files/somebody-else/original.png')).toBe(false);
  });

  it('writes exactly the file it was signed for, and then cannot be turned into a read', async () => {
    expect(await put(target.url, image, target.headers)).toBe(200);
    const read = await fetch(target.url);
    expect(read.status).toBe(403);
    expect(Buffer.from(await read.arrayBuffer()).includes(image.subarray(0, 16))).toBe(false);
  });
});

describe('the staged object', () => {
  it('is not served by the shop: not in the public bucket, not at /api/media, not in any answer', async () => {
    const key = keyOf(target.url);
    expect(await exists(PRIVATE_BUCKET, key)).toBe(true);
    expect(await exists(PUBLIC_BUCKET, key)).toBe(false);
    const media = await call('GET', `/api/media/${key}`);
    expect(media.status).toBe(404);
    const progress = await call('GET', `/api/admin/upload-progress/${batchId}`, { headers: admin });
    expect(progress.text).not.toContain('staging/');
  });

  it('becomes a job only once the store holds exactly what was signed', async () => {
    const res = await call('POST', `/api/admin/bulk-upload/${batchId}/received`, { headers: admin, json: { file_ids: [target.file_id] } });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ queued: 1 });
    const [row] = await sql<{ status: string }>(`SELECT status FROM "UploadFile" WHERE id = $1`, [target.file_id]);
    expect(['pending', 'processing', 'done']).toContain(row.status);
  });
});
