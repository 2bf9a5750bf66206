import 'server-only';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { bucketName, cacheControl, isNotFound, s3, type BucketKind, type StoragePool } from './client';

export { bucketName, s3, type BucketKind, type StoragePool } from './client';
export { presignDownload, presignUpload, sanitizeFilename, type PresignedUpload } from './presign';

export async function ensureBuckets(): Promise<void> {
  for (const kind of ['private', 'public'] as const) {
    const Bucket = bucketName(kind);
    try {
      await s3().send(new HeadBucketCommand({ Bucket }));
    } catch {
      await s3().send(new CreateBucketCommand({ Bucket }));
    }
  }
}

export async function putObject(kind: BucketKind, key: string, body: Buffer | Uint8Array | string, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucketName(kind),
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: cacheControl(kind),
    }),
  );
}

// S3 wants every part but the last to be at least 5 MB; 8 MB keeps the request count low and memory small.
const STREAM_PART_BYTES = 8 * 1024 * 1024;

/**
 * Stores a body that arrives in chunks without holding it whole, as an S3
 * multipart upload of STREAM_PART_BYTES parts sent one at a time (a body
 * smaller than one part is a plain put). The object exists only once every
 * part arrived; a failure part-way aborts the upload, leaving no object.
 * Returns the number of bytes stored.
 */
export async function putObjectStream(kind: BucketKind, key: string, chunks: AsyncIterable<Uint8Array>, contentType: string): Promise<number> {
  let total = 0;
  let sourceError: { error: unknown } | undefined;
  async function* counted() {
    try {
      for await (const chunk of chunks) {
        total += chunk.byteLength;
        yield chunk;
      }
    } catch (error) {
      sourceError = { error };
      throw error;
    }
  }
  const upload = new Upload({
    client: s3(),
    params: {
      Bucket: bucketName(kind),
      Key: key,
      Body: Readable.from(counted(), { highWaterMark: 1 }),
      ContentType: contentType,
      CacheControl: cacheControl(kind),
    },
    partSize: STREAM_PART_BYTES,
    // One part in flight: the request body waits while it is sent, so memory stays near one part.
    queueSize: 1,
  });
  try {
    await upload.done();
  } catch (error) {
    // The library aborts the multipart upload, and an abort that fails (the
    // local S3 stand-in has no abort) would replace the reason: the caller
    // needs the source's own error (a body over its limit is a 413, not a 500).
    throw sourceError ? sourceError.error : error;
  }
  return total;
}

/**
 * Copies an object inside the store: no bytes pass through this process.
 * Without `contentType` the source's metadata is kept (S3 then copies the
 * object alone; replacing metadata makes some S3-compatible stores, the local
 * stand-in among them, re-read the whole object). Returns false when the
 * source does not exist.
 */
export async function copyObject(from: { kind: BucketKind; key: string }, to: { kind: BucketKind; key: string }, contentType?: string): Promise<boolean> {
  const metadata = contentType
    ? { MetadataDirective: 'REPLACE' as const, ContentType: contentType, CacheControl: cacheControl(to.kind) }
    : { MetadataDirective: 'COPY' as const };
  try {
    await s3().send(
      new CopyObjectCommand({
        Bucket: bucketName(to.kind),
        Key: to.key,
        CopySource: `${bucketName(from.kind)}/${encodeURIComponent(from.key).replace(/%2F/g, '/')}`,
        ...metadata,
      }),
    );
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/**
 * The whole object in memory, or null when it does not exist. Refuses (before
 * reading the body when the size is known) anything over `maxBytes`.
 */
export async function getObjectBytes(kind: BucketKind, key: string, maxBytes: number): Promise<Buffer | null> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName(kind), Key: key }));
    if (!out.Body) return null;
    if ((out.ContentLength ?? 0) > maxBytes) {
      await out.Body.transformToWebStream().cancel();
      throw new ObjectTooLargeError(maxBytes);
    }
    // Read as one byte array: far cheaper than iterating a web stream chunk by chunk.
    const bytes = await out.Body.transformToByteArray();
    if (bytes.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export type ObjectHead = { size: number; contentType: string };

/** Size and type of a stored object without reading it, or null when it does not exist. */
export async function headObject(kind: BucketKind, key: string): Promise<ObjectHead | null> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: bucketName(kind), Key: key }));
    return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export type ListedObject = { key: string; lastModified: Date };

/** Every object under `prefix`, a page (up to 1000) at a time. */
export async function* listObjects(kind: BucketKind, prefix: string): AsyncGenerator<ListedObject[]> {
  let ContinuationToken: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(kind), Prefix: prefix, ContinuationToken }));
    yield (page.Contents ?? []).flatMap((o) => (o.Key && o.LastModified ? [{ key: o.Key, lastModified: o.LastModified }] : []));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

export async function deleteObject(kind: BucketKind, key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName(kind), Key: key }));
}

export type StoredObject = {
  body: ReadableStream;
  contentType: string;
  contentLength?: number;
  etag?: string;
};

export type GetObjectOptions = { pool?: StoragePool; signal?: AbortSignal };

/**
 * Returns null when the object does not exist. The body holds a connection of
 * the pool until it is read to the end or cancelled; `signal` gives up waiting.
 */
export async function getObject(kind: BucketKind, key: string, options: GetObjectOptions = {}): Promise<StoredObject | null> {
  const out = await sendGetObject(kind, key, options);
  if (!out?.Body) return null;
  return {
    body: out.Body.transformToWebStream(),
    contentType: out.ContentType ?? 'application/octet-stream',
    contentLength: out.ContentLength,
    etag: out.ETag,
  };
}

/**
 * The object's bytes as the Node stream the SDK reads them from, or null when
 * it does not exist. For code that pipes Node streams: backpressure and a cut
 * connection reach it at once, with no web-stream queue in between (that queue
 * reports an error only once a reader drains it).
 */
export async function getObjectStream(kind: BucketKind, key: string, options: GetObjectOptions = {}): Promise<Readable | null> {
  const out = await sendGetObject(kind, key, options);
  if (!out?.Body) return null;
  if (!(out.Body instanceof Readable)) throw new Error('The storage client returned a body that is not a Node stream');
  return out.Body;
}

async function sendGetObject(kind: BucketKind, key: string, { pool = 'shared', signal }: GetObjectOptions) {
  try {
    return await s3(pool).send(new GetObjectCommand({ Bucket: bucketName(kind), Key: key }), { abortSignal: signal });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
