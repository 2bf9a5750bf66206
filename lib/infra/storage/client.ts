import 'server-only';
import { S3Client } from '@aws-sdk/client-s3';
import { env } from '@/lib/env';

// Two buckets: `private` holds the files customers pay for (only ever released
// through short-lived presigned URLs); `public` holds previews and thumbnails.
export type BucketKind = 'private' | 'public';

/**
 * Which pool of storage connections a call uses. "Download all" ZIPs hold a
 * connection for as long as their client reads, so they get a pool of their
 * own, sized to the ZIPs an instance streams at once (each reads one object at
 * a time): media, uploads and the back office never queue behind them.
 */
export type StoragePool = 'shared' | 'archive';

const globalForS3 = globalThis as unknown as { shopS3Clients?: Partial<Record<StoragePool, S3Client>> };

export function s3(pool: StoragePool = 'shared'): S3Client {
  const clients = (globalForS3.shopS3Clients ??= {});
  clients[pool] ??= createClient(pool === 'archive' ? env().ZIP_DOWNLOADS_PER_INSTANCE : env().S3_MAX_CONNECTIONS);
  return clients[pool];
}

function createClient(maxSockets: number): S3Client {
  const e = env();
  return new S3Client({
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
    // The connection pool: a call past maxSockets waits for a connection to come free.
    requestHandler: { httpAgent: { keepAlive: true, maxSockets }, httpsAgent: { keepAlive: true, maxSockets } },
  });
}

export function bucketName(kind: BucketKind): string {
  return kind === 'private' ? env().S3_BUCKET : env().S3_PUBLIC_BUCKET;
}

export const cacheControl = (kind: BucketKind) => (kind === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store');

export function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
