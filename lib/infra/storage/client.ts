import 'server-only';
import { S3Client } from '@aws-sdk/client-s3';
import { env } from '@/lib/env';

// Two buckets: `private` holds the files customers pay for (only ever released
// through short-lived presigned URLs); `public` holds previews and thumbnails.
export type BucketKind = 'private' | 'public';

const globalForS3 = globalThis as unknown as { shopS3?: S3Client };

export function s3(): S3Client {
  if (!globalForS3.shopS3) {
    const e = env();
    globalForS3.shopS3 = new S3Client({
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
      // s3rver corrupts streamed uploads when the SDK adds its default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  return globalForS3.shopS3;
}

export function bucketName(kind: BucketKind): string {
  return kind === 'private' ? env().S3_BUCKET : env().S3_PUBLIC_BUCKET;
}

export const cacheControl = (kind: BucketKind) => (kind === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store');

export function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
