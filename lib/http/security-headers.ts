// The security headers of every response, built when Next reads next.config.ts,
// that is at build time: like SITE_URL's HSTS, the storage origin is baked into
// the build (`npm start` rebuilds when it changes: scripts/lib/shop-prepare.ts).

/** The S3_* variables, read as lib/env.ts reads them (this runs in next.config.ts, before lib/env exists). */
type StorageSettings = Partial<Record<'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_FORCE_PATH_STYLE', string>> & Record<string, string | undefined>;

/**
 * The origin the browser PUTs staged uploads to (Decision 070): the one the S3
 * client's presigned URLs name. Path-style URLs keep the endpoint's host;
 * virtual-hosted ones put the private bucket in front of it. Unset endpoint:
 * AWS's regional one, as the client uses.
 */
export function storageUploadOrigin(env: StorageSettings): string {
  const endpoint = new URL(env.S3_ENDPOINT || `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`);
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? 'true') !== 'false';
  return pathStyle ? endpoint.origin : `${endpoint.protocol}//${env.S3_BUCKET || 'shop-files'}.${endpoint.host}`;
}

/**
 * Catalogue pages are prerendered and cached, so they cannot carry per-request
 * nonces: inline scripts are allowed by 'unsafe-inline' instead (see docs/decisions/004).
 * The browser may connect to the shop and to the storage origin it uploads to, nothing else.
 */
export function contentSecurityPolicy(options: { dev: boolean; storageOrigin: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${options.storageOrigin}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
