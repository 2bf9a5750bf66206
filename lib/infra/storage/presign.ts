// Presigned URLs: the only way a browser reaches the private bucket. Each signs
// exactly one key, one method and, for uploads, the size and type the shop agreed
// to, so the URL cannot be bent to another object or another body.
import 'server-only';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from './client';

const MAX_PRESIGN_SECONDS = 300;
/** Upload URLs may live longer than downloads (a 50 MB PUT on a slow line); the caller picks within this. */
const MAX_UPLOAD_PRESIGN_SECONDS = 60 * 60;

/** Keeps a download filename safe inside a Content-Disposition header. */
export function sanitizeFilename(name: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(/[\u0000-\u001f\u007f"\\/]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return cleaned || 'download';
}

function contentDisposition(filename: string): string {
  const safe = sanitizeFilename(filename);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/** A short-lived GET URL for a private file that the browser saves under `filename`. */
export async function presignDownload(key: string, filename: string, ttlSeconds = MAX_PRESIGN_SECONDS): Promise<string> {
  const expiresIn = Math.min(Math.max(1, Math.floor(ttlSeconds)), MAX_PRESIGN_SECONDS);
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: bucketName('private'),
      Key: key,
      ResponseContentDisposition: contentDisposition(filename),
      ResponseCacheControl: 'private, no-store',
    }),
    { expiresIn },
  );
}

export type PresignedUpload = { url: string; headers: Record<string, string>; expiresAt: Date };

/**
 * A PUT URL for one private object. Content-Length and Content-Type are signed
 * headers, so S3 refuses a body of any other size or type (SignatureDoesNotMatch);
 * the presigner signs only Content-Length unless told, and would otherwise leave
 * the type to whoever holds the URL. `headers` are what the client must send
 * (Content-Length comes with the body itself).
 */
export async function presignUpload(key: string, upload: { contentType: string; contentLength: number; ttlSeconds: number }): Promise<PresignedUpload> {
  const expiresIn = Math.min(Math.max(1, Math.floor(upload.ttlSeconds)), MAX_UPLOAD_PRESIGN_SECONDS);
  const signedAt = Date.now();
  const url = await getSignedUrl(
    s3(),
    new PutObjectCommand({ Bucket: bucketName('private'), Key: key, ContentType: upload.contentType, ContentLength: upload.contentLength }),
    { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return { url, headers: { 'Content-Type': upload.contentType }, expiresAt: new Date(signedAt + expiresIn * 1000) };
}
