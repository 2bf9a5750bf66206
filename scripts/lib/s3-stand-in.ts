// The S3 stand-in (s3rver) as the local services and the benchmarks run it,
// made to behave like S3 where staged uploads rely on it (Decision 070):
// - the private bucket has a CORS rule, so the admin's browser may PUT to it
//   from the shop's pages: loopback origins on any port (the stand-in only
//   listens on loopback, and the test shop's port is picked after it starts)
//   plus any origin the caller names;
// - a presigned URL's signature is checked (presigned-signature.ts), so a URL
//   signed for one key, size and type is refused for another.
import S3rver, { type Context } from 's3rver';
import { isPresigned, presignedSignatureMatches } from './presigned-signature';

export const STAND_IN_KEY = 'S3RVER';

/**
 * What a client of the stand-in needs in its environment: its endpoint and
 * keys, and the AWS SDK's checksum settings. s3rver corrupts streamed uploads
 * when the SDK adds its default checksums, so clients of the stand-in ask for
 * checksums only where S3 requires them; the SDK reads these two variables
 * itself, so the shop's own storage code stays as it is against real S3.
 */
export function standInClientEnv(port: number): Record<string, string> {
  return {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: STAND_IN_KEY,
    S3_SECRET_ACCESS_KEY: STAND_IN_KEY,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
  };
}

/** The CORS rule of the private bucket; production's bucket needs the same with SITE_URL's origin (README, Configuration). */
export function uploadCorsXml(origins: string[]): string {
  const allowed = [...new Set(['http://localhost:*', 'http://127.0.0.1:*', ...origins])].map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>PUT</AllowedMethod><AllowedHeader>content-type</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

function refuseBadSignatures(ctx: Context, next: () => Promise<void>): Promise<void> {
  // A preflight carries no signature, at S3 too.
  if (ctx.method === 'OPTIONS' || !isPresigned(ctx.url)) return next();
  const valid = presignedSignatureMatches({ method: ctx.method, url: ctx.url, header: (name) => ctx.get(name) || undefined }, (id) =>
    id === STAND_IN_KEY ? STAND_IN_KEY : undefined,
  );
  if (valid) return next();
  ctx.status = 403;
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>';
  return Promise.resolve();
}

export async function startS3StandIn(options: {
  directory: string;
  port: number;
  persistent: boolean;
  bucket: string;
  corsOrigins?: string[];
}): Promise<S3rver> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.directory,
    silent: true,
    resetOnClose: !options.persistent,
    configureBuckets: [{ name: options.bucket, configs: [uploadCorsXml(options.corsOrigins ?? [])] }],
  });
  // Koa runs its middleware in array order: first, before s3rver's own (which would accept any V4 signature).
  server.middleware.unshift(refuseBadSignatures);
  await server.run();
  return server;
}
