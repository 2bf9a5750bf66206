// The stand-in's presigned-URL check (scripts/lib/presigned-signature.ts) against
// URLs signed by the AWS SDK itself: it must accept exactly what S3 accepts, or
// the storage tests would prove nothing (too lenient) or fail on real downloads
// (too strict). No network: signing is local.
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { presignedSignatureMatches } from '../../scripts/lib/presigned-signature';

const HOST = '127.0.0.1:4599';
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: `http://${HOST}`,
  forcePathStyle: true,
  credentials: { accessKeyId: 'KEYID', secretAccessKey: 'SECRET' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
const secretOf = (id: string) => (id === 'KEYID' ? 'SECRET' : undefined);

type Arrival = { method: string; url: string; headers: Record<string, string> };
const matches = (a: Arrival) =>
  presignedSignatureMatches({ method: a.method, url: a.url, header: (name) => ({ host: HOST, ...a.headers })[name.toLowerCase()] }, secretOf);
const pathAndQuery = (url: string) => url.slice(`http://${HOST}`.length);

async function signedPut(key = 'staging/c1 x/0') {
  const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'shop-files', Key: key, ContentType: 'image/png', ContentLength: 1234 }), {
    expiresIn: 900,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return pathAndQuery(url);
}

describe('a presigned PUT', () => {
  const headers = { 'content-type': 'image/png', 'content-length': '1234' };

  it('matches the request it was signed for', async () => {
    expect(matches({ method: 'PUT', url: await signedPut(), headers })).toBe(true);
  });

  it('does not match another size, type, method, key or query', async () => {
    const url = await signedPut();
    expect(matches({ method: 'PUT', url, headers: { ...headers, 'content-length': '1235' } })).toBe(false);
    expect(matches({ method: 'PUT', url, headers: { ...headers, 'content-type': 'image/jpeg' } })).toBe(false);
    expect(matches({ method: 'GET', url, headers })).toBe(false);
    expect(matches({ method: 'PUT', url: url.replace('/0?', '/1?'), headers })).toBe(false);
    expect(matches({ method: 'PUT', url: url.replace('X-Amz-Expires=900', 'X-Amz-Expires=9000'), headers })).toBe(false);
  });

  it('does not match another key or a key it does not know', async () => {
    const url = await signedPut();
    expect(presignedSignatureMatches({ method: 'PUT', url, header: (n) => ({ host: HOST, ...headers })[n] }, () => 'OTHER')).toBe(false);
    expect(presignedSignatureMatches({ method: 'PUT', url, header: (n) => ({ host: HOST, ...headers })[n] }, () => undefined)).toBe(false);
  });
});

describe('a presigned download', () => {
  it('matches with its response overrides, and not once they are changed', async () => {
    const url = pathAndQuery(
      await getSignedUrl(
        s3,
        new GetObjectCommand({
          Bucket: 'shop-files',
          Key: 'files/abc/original.png',
          ResponseContentDisposition: `attachment; filename="a b.png"; filename*=UTF-8''a%20b.png`,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: 60 },
      ),
    );
    expect(matches({ method: 'GET', url, headers: {} })).toBe(true);
    expect(matches({ method: 'GET', url: url.replace('a%2520b', 'c%2520d'), headers: {} })).toBe(false);
  });
});
