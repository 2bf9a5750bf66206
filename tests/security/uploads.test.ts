// Hostile uploads from an admin session: SVG with script, an HTML/PNG
// polyglot, a pixel flood, an image refused by its magic bytes alone and a
// 200 MB body are refused in the error shape, the server stays up, and nothing
// is stored (rows or objects).
import http from 'node:http';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, closeDb, count, expectErrorShape, SHOP_URL, type Reply } from './helpers';
import { listProducts } from '../api/helpers';

const MB = 1024 * 1024;
let auth: Record<string, string>;
let productId: string;

// ---- hostile files ---------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width: number, height: number, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // One row of pixel data: enough for a header-level check, tiny on disk.
  const rows = deflateSync(Buffer.alloc(Math.min(width, 4096) + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...extra,
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The shop's own limit (MAX_INPUT_PIXELS); sharp's default is 268,402,689 (0x3FFF²). */
const SHOP_PIXEL_LIMIT = 50_000_000;
const SHARP_DEFAULT_PIXEL_LIMIT = 0x3fff * 0x3fff;
const FLOOD_SIDE = 7072; // 7072² = 50,013,184: just over the shop's limit

// One colour, so 50 megapixels compress to about 50 KB: a complete, valid PNG
// that only the shop's own limit refuses.
const pixelFlood = await sharp({ create: { width: FLOOD_SIDE, height: FLOOD_SIDE, channels: 3, background: '#c0ffee' } })
  .png({ compressionLevel: 9, palette: true })
  .toBuffer();

// A valid TIFF in the 64-bit BigTIFF layout: sharp decodes it and calls it
// 'tiff', an accepted format, but its first bytes (II+) are not a signature
// the shop accepts, so only the magic-byte check stands in its way.
const bigTiff = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
  .tiff({ bigtiff: true })
  .toBuffer();

const HOSTILE: { label: string; filename: string; type: string; bytes: Buffer; reason?: RegExp }[] = [
  {
    label: 'an SVG with script',
    filename: 'design.svg',
    type: 'image/svg+xml',
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
  },
  {
    label: 'an SVG renamed .png',
    filename: 'design.png',
    type: 'image/png',
    bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(3)</script></svg>'),
  },
  {
    label: 'an HTML/PNG polyglot',
    filename: 'poly.png',
    type: 'image/png',
    bytes: png(1, 1, [chunk('tEXt', Buffer.from('Comment\0<html><script>alert(4)</script></html>', 'latin1'))]),
  },
  { label: 'an HTML page renamed .png', filename: 'page.png', type: 'image/png', bytes: Buffer.from('<!doctype html><html><script>alert(5)</script></html>') },
  {
    label: `a pixel flood (a valid ${FLOOD_SIDE} x ${FLOOD_SIDE} PNG)`,
    filename: 'flood.png',
    type: 'image/png',
    bytes: pixelFlood,
    reason: /too large \(over 50 megapixels\)/,
  },
  { label: 'a BigTIFF that sharp decodes', filename: 'scan.tif', type: 'image/tiff', bytes: bigTiff, reason: /^(Mockup scan\.tif: )?Not a supported image/ },
];

describe("the crafted images are real tests of the shop's own checks", () => {
  it("the pixel flood is a complete image over the shop's limit that sharp's default limit accepts", async () => {
    const pixels = FLOOD_SIDE * FLOOD_SIDE;
    expect(pixels).toBeGreaterThan(SHOP_PIXEL_LIMIT);
    expect(pixels).toBeLessThan(SHARP_DEFAULT_PIXEL_LIMIT);
    expect(pixelFlood.length).toBeLessThan(1024 * 1024);
    expect(await sharp(pixelFlood).metadata()).toMatchObject({ format: 'png', width: FLOOD_SIDE, height: FLOOD_SIDE });
    // Every pixel decodes (stats reads the whole image) and is the one colour.
    const stats = await sharp(pixelFlood, { failOn: 'error' }).stats();
    expect(stats.channels.map((c) => [c.min, c.max])).toEqual([
      [0xc0, 0xc0],
      [0xff, 0xff],
      [0xee, 0xee],
    ]);
  });

  it('the BigTIFF decodes with sharp as an accepted format', async () => {
    expect([...bigTiff.subarray(0, 4)]).toEqual([0x49, 0x49, 0x2b, 0x00]);
    expect(await sharp(bigTiff, { failOn: 'error' }).metadata()).toMatchObject({ format: 'tiff', width: 64, height: 48 });
    expect((await sharp(bigTiff, { failOn: 'error' }).webp().toBuffer()).length).toBeGreaterThan(0);
  });
});

// ---- what "nothing stored" means -------------------------------------------

async function bucketKeys(bucket: string): Promise<number> {
  let total = 0;
  let token = '';
  for (;;) {
    const res = await fetch(`${process.env.S3_ENDPOINT}/${bucket}?list-type=2${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`);
    const xml = await res.text();
    total += Number(/<KeyCount>(\d+)<\/KeyCount>/.exec(xml)?.[1] ?? 'NaN');
    token = /<NextContinuationToken>([^<]+)</.exec(xml)?.[1] ?? '';
    if (!token) return total;
  }
}
const footprint = async () => ({
  products: await count('Product'),
  files: await count('ProductFile'),
  batches: await count('UploadBatch'),
  uploadFiles: await count('UploadFile'),
  privateObjects: await bucketKeys(process.env.S3_BUCKET ?? 'shop-files'),
  publicObjects: await bucketKeys(process.env.S3_PUBLIC_BUCKET ?? 'shop-public'),
});

async function expectServerUp() {
  const res = await call('GET', '/api/settings/banner');
  expect(res.status).toBe(200);
}

function form(parts: Record<string, string>, files: { field: string; filename: string; type: string; bytes: Buffer }[]): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(parts)) data.append(key, value);
  for (const f of files) data.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.filename);
  return data;
}

// ---- a streamed body, never held in memory -----------------------------------

type Streamed = Reply & { sentAtResponse: number; total: number };

/**
 * Sends one multipart file of `fileBytes` in 1 MB chunks and stops as soon as
 * the server answers, reporting how much had been sent by then.
 */
function streamUpload(path: string, field: string, fileBytes: number, fields: Record<string, string> = {}): Promise<Streamed> {
  const boundary = `----sec${Date.now()}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = head.length + fileBytes + tail.length;
  const block = Buffer.alloc(MB, 0x41);
  block.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(`${SHOP_URL}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(total) },
    });
    req.on('response', (res) => {
      answered = true;
      const sentAtResponse = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          headers: new Headers(res.headers as Record<string, string>),
          text,
          body: JSON.parse(text || 'null'),
          sentAtResponse,
          total,
        });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = (buffer: Buffer) => {
      sent += buffer.length;
      return req.write(buffer);
    };
    (async () => {
      write(head);
      let left = fileBytes;
      while (left > 0 && !answered && !req.destroyed) {
        const piece = left >= MB ? block : block.subarray(0, left);
        left -= piece.length;
        if (!write(piece)) await new Promise((r) => req.once('drain', r).once('close', r));
      }
      if (!answered && !req.destroyed) req.end(tail);
    })().catch(reject);
  });
}

beforeAll(async () => {
  auth = { authorization: `Bearer ${await adminToken()}` };
  productId = (await listProducts('?limit=1'))[0].id;
});

afterAll(closeDb);

describe.each(HOSTILE)('$label', (file) => {
  it('analyze-image refuses it with 415', async () => {
    const res = await call('POST', '/api/admin/analyze-image', { headers: auth, body: form({ suffix: 'design' }, [{ field: 'file', ...file }]) });
    expectErrorShape(res, 415);
    if (file.reason) expect((res.body as { detail: string }).detail).toMatch(file.reason);
    await expectServerUp();
  });

  it('an individual upload refuses it as the mockup, storing nothing', async () => {
    const before = await footprint();
    const res = await call('POST', '/api/admin/individual-upload', {
      headers: auth,
      body: form({ title: 'Hostile mockup', price: '5', category: 'Clip Art' }, [
        { field: 'mockup', ...file },
        { field: 'files', filename: 'product.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test') },
      ]),
    });
    expectErrorShape(res, [400, 415, 422]);
    if (file.reason) expect((res.body as { detail: string }).detail).toMatch(file.reason);
    expect(await footprint()).toEqual(before);
    await expectServerUp();
  });

  it('replacing a product image refuses it with 415, storing nothing and keeping the old image', async () => {
    const before = await footprint();
    const imageBefore = (await call('GET', `/api/products/${productId}`)).body as { image_path: string };
    const res = await call('POST', `/api/products/${productId}/image`, { headers: auth, body: form({}, [{ field: 'image', ...file }]) });
    expectErrorShape(res, 415);
    if (file.reason) expect((res.body as { detail: string }).detail).toMatch(file.reason);
    expect(await footprint()).toEqual(before);
    expect(((await call('GET', `/api/products/${productId}`)).body as { image_path: string }).image_path).toBe(imageBefore.image_path);
    await expectServerUp();
  });

  it('setting a category image refuses it with 415, storing nothing', async () => {
    const before = await footprint();
    const categoryId = ((await call('GET', '/api/categories')).body as { id: string }[])[0].id;
    const res = await call('POST', `/api/categories/${categoryId}/image`, { headers: auth, body: form({}, [{ field: 'image', ...file }]) });
    expectErrorShape(res, 415);
    expect(await footprint()).toEqual(before);
    await expectServerUp();
  });
});

describe('a bulk upload of the hostile files', () => {
  it('accepts the batch, fails every file in the background and creates no product', async () => {
    const productsBefore = await count('Product');
    const publicBefore = await bucketKeys(process.env.S3_PUBLIC_BUCKET ?? 'shop-public');
    const res = await call('POST', '/api/admin/bulk-upload', {
      headers: auth,
      body: form(
        { price: '5', category: 'Clip Art' },
        HOSTILE.map((f) => ({ field: 'files', ...f })),
      ),
    });
    expect(res.status, res.text).toBe(202);
    const batchId = (res.body as { batch_id: string }).batch_id;
    let progress: { stage: string; failed_files: { filename: string; error: string }[] } = { stage: '', failed_files: [] };
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline && !['complete', 'failed', 'partial'].includes(progress.stage)) {
      await new Promise((r) => setTimeout(r, 500));
      progress = (await call('GET', `/api/admin/upload-progress/${batchId}`, { headers: auth })).body as typeof progress;
    }
    expect(progress.stage).toBe('failed');
    expect(progress.failed_files.map((f) => f.filename).sort()).toEqual(HOSTILE.map((f) => f.filename).sort());
    for (const file of HOSTILE.filter((f) => f.reason)) {
      expect(progress.failed_files.find((f) => f.filename === file.filename)?.error).toMatch(file.reason as RegExp);
    }
    expect(await count('Product')).toBe(productsBefore);
    expect(await bucketKeys(process.env.S3_PUBLIC_BUCKET ?? 'shop-public')).toBe(publicBefore);
  });
});

describe('a 200 MB body', () => {
  it('analyze-image refuses it from its Content-Length, before reading it', async () => {
    const before = await footprint();
    const res = await streamUpload('/api/admin/analyze-image', 'file', 200 * MB, { suffix: 'design' });
    expectErrorShape(res, 413);
    expect(res.sentAtResponse).toBeLessThan(20 * MB);
    expect(await footprint()).toEqual(before);
    await expectServerUp();
  });

  it('replacing a product image refuses it from its Content-Length, before reading it', async () => {
    const before = await footprint();
    const res = await streamUpload(`/api/products/${productId}/image`, 'image', 200 * MB);
    expectErrorShape(res, 413);
    expect(res.sentAtResponse).toBeLessThan(20 * MB);
    expect(await footprint()).toEqual(before);
    await expectServerUp();
  });

  it('a bulk upload refuses a 200 MB image at the 50 MB image limit', async () => {
    const before = await footprint();
    const res = await streamUpload('/api/admin/bulk-upload', 'files', 200 * MB, { price: '5', category: 'Clip Art' });
    expectErrorShape(res, 413);
    expect(res.sentAtResponse).toBeLessThan(80 * MB);
    expect(await footprint()).toEqual(before);
    await expectServerUp();
  });

  it('adding a product file over 200 MB is refused at the limit, not after reading it all', async () => {
    const before = await footprint();
    const res = await streamUpload(`/api/products/${productId}/files`, 'files', 240 * MB);
    expectErrorShape(res, 413);
    expect(res.sentAtResponse).toBeLessThan(res.total - 16 * MB);
    expect(await footprint()).toEqual(before);
    await expectServerUp();
  });

  it('a gallery upload refuses a 200 MB image at the 50 MB image limit and stores nothing', async () => {
    const before = await footprint();
    const res = await streamUpload(`/api/products/${productId}/images`, 'images', 200 * MB);
    expectErrorShape(res, 413);
    expect(res.sentAtResponse).toBeLessThan(80 * MB);
    expect(await footprint()).toEqual(before);
    await expectServerUp();
  });

  it('an individual upload refuses a 200 MB mockup at the 50 MB image limit and stores nothing', async () => {
    const before = await footprint();
    const res = await streamUpload('/api/admin/individual-upload', 'mockup', 200 * MB, { title: 'Huge', price: '5', category: 'Clip Art' });
    expectErrorShape(res, 413);
    expect(res.sentAtResponse).toBeLessThan(80 * MB);
    expect(await footprint()).toEqual(before);
    await expectServerUp();
  });
});
