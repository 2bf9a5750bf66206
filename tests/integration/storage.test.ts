// The storage adapter's streamed put against the real S3-protocol server: a
// body of several parts arrives whole, and a source that fails part-way leaves
// no object and reaches the caller as its own error.
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuckets, getObject, putObjectStream } from '@/lib/infra/storage';

const MB = 1024 * 1024;

/** `total` bytes in chunks of an awkward size, so parts never line up with them. */
async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function stored(key: string) {
  const object = await getObject('private', key);
  if (!object) return null;
  return { contentType: object.contentType, bytes: Buffer.from(await new Response(object.body).arrayBuffer()) };
}

beforeAll(async () => {
  await ensureBuckets();
});

describe('putObjectStream', () => {
  it('stores a body of several parts whole and returns its size', async () => {
    const body = randomBytes(17 * MB + 123);
    const key = `it-storage/${randomBytes(4).toString('hex')}/large.zip`;
    expect(await putObjectStream('private', key, chunksOf(body, 65_537), 'application/zip')).toBe(body.length);
    const object = await stored(key);
    expect(object?.contentType).toBe('application/zip');
    expect(object?.bytes.length).toBe(body.length);
    expect(sha256(object?.bytes ?? Buffer.alloc(0))).toBe(sha256(body));
  });

  it('stores a body under one part, and an empty one, as a plain object', async () => {
    const small = randomBytes(1000);
    const key = `it-storage/${randomBytes(4).toString('hex')}/small.png`;
    expect(await putObjectStream('private', key, chunksOf(small, 300), 'image/png')).toBe(1000);
    expect((await stored(key))?.bytes.equals(small)).toBe(true);
    const emptyKey = `${key}.empty`;
    expect(await putObjectStream('private', emptyKey, chunksOf(Buffer.alloc(0), 1), 'image/png')).toBe(0);
    expect((await stored(emptyKey))?.bytes.length).toBe(0);
  });

  it('leaves no object when the source fails after a part was sent, and rethrows the source error', async () => {
    const reason = new Error('the client went away');
    async function* failing(): AsyncGenerator<Uint8Array> {
      // More than one 8 MB part, so the multipart upload has begun when the source fails.
      yield* chunksOf(randomBytes(9 * MB), MB);
      throw reason;
    }
    const key = `it-storage/${randomBytes(4).toString('hex')}/broken.zip`;
    await expect(putObjectStream('private', key, failing(), 'application/zip')).rejects.toBe(reason);
    expect(await stored(key)).toBeNull();
  });
});
