// The storage origin the CSP lets the browser upload to (Decision 070): the origin
// the S3 client's presigned URLs name, for every way the shop can be configured.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, storageUploadOrigin } from '@/lib/http/security-headers';

describe('storageUploadOrigin', () => {
  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:4568' }, 'http://127.0.0.1:4568'],
    [{ S3_ENDPOINT: 'https://minio.example.com:9000/', S3_FORCE_PATH_STYLE: 'true' }, 'https://minio.example.com:9000'],
    [
      { S3_ENDPOINT: 'https://s3.ap-southeast-2.amazonaws.com', S3_FORCE_PATH_STYLE: 'false', S3_BUCKET: 'shop-files-prod' },
      'https://shop-files-prod.s3.ap-southeast-2.amazonaws.com',
    ],
    [{ S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'false', S3_BUCKET: 'b' }, 'https://b.s3.eu-west-1.amazonaws.com'],
    [{}, 'https://s3.us-east-1.amazonaws.com'],
  ])('%j → %s', (env, origin) => {
    expect(storageUploadOrigin(env)).toBe(origin);
  });
});

describe('contentSecurityPolicy', () => {
  it('lets the browser connect to the shop and the storage origin only', () => {
    const csp = contentSecurityPolicy({ dev: false, storageOrigin: 'https://b.s3.eu-west-1.amazonaws.com' });
    expect(csp).toContain("connect-src 'self' https://b.s3.eu-west-1.amazonaws.com;");
    expect(csp).not.toMatch(/connect-src[^;]*\*/);
  });
});
