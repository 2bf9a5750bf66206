// Every API endpoint, pinned by hand as admin or public, and found again from
// the route files themselves. The access tests run against the pinned admin
// list, so a route that stops using `adminHandler` fails them; a route file
// that is in neither list fails the classification test the moment it exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every admin method and path (templates keep the folder names). A new admin route goes here. */
export const ADMIN_ROUTES = [
  'GET /api/admin/active-sales',
  'POST /api/admin/bundles',
  'POST /api/admin/analyze-image',
  'POST /api/admin/bulk-sale',
  'POST /api/admin/bulk-upload',
  'POST /api/admin/bulk-upload/staged',
  'POST /api/admin/bulk-upload/[batchId]/received',
  'POST /api/admin/bulk-upload/[batchId]/complete',
  'POST /api/admin/bulk-upload/[batchId]/urls',
  'POST /api/admin/end-all-sales',
  'POST /api/admin/end-sale',
  'POST /api/admin/individual-upload',
  'GET /api/admin/insights',
  'GET /api/admin/licences',
  'POST /api/admin/licences',
  'PUT /api/admin/licences',
  'PUT /api/admin/licences/[key]',
  'GET /api/admin/orders',
  'POST /api/admin/orders/refund',
  'POST /api/admin/orders/resend-email',
  'GET /api/admin/orders/[sessionId]/downloads.csv',
  'GET /api/admin/products',
  'POST /api/admin/products/bulk-delete',
  'POST /api/admin/products/bulk-update',
  'GET /api/admin/promo-codes',
  'POST /api/admin/promo-codes',
  'DELETE /api/admin/promo-codes/[code]',
  'POST /api/admin/retry-failed/[batchId]',
  'GET /api/admin/session',
  'GET /api/admin/settings/business',
  'PUT /api/admin/settings/business',
  'GET /api/admin/upload-progress/[batchId]',
  'GET /api/admin/vouchers',
  'POST /api/admin/vouchers/create',
  'PUT /api/admin/vouchers/[id]',
  'DELETE /api/admin/vouchers/[id]',
  'PUT /api/bundles/[id]',
  'DELETE /api/bundles/[id]',
  'POST /api/categories',
  'PUT /api/categories/[id]',
  'DELETE /api/categories/[id]',
  'POST /api/categories/[id]/image',
  'POST /api/categories/[id]/subcategories',
  'DELETE /api/categories/[id]/subcategories/[name]',
  'PUT /api/products/[id]',
  'DELETE /api/products/[id]',
  'POST /api/products/[id]/files',
  'DELETE /api/products/[id]/files',
  'POST /api/products/[id]/files/[fileId]/versions',
  'POST /api/products/[id]/files/[fileId]/notify',
  'GET /api/products/[id]/file-history',
  'POST /api/products/[id]/image',
  'POST /api/settings/banner',
  'POST /api/tags',
  'PUT /api/tags/[id]',
  'DELETE /api/tags/[id]',
];

/**
 * Every endpoint a visitor may call. Each makes its own checks where it needs
 * them (the session's owner, rate limits, a webhook signature); none may act
 * as the admin.
 */
export const PUBLIC_ROUTES = [
  'GET /api/[...path]',
  'POST /api/[...path]',
  'PUT /api/[...path]',
  'PATCH /api/[...path]',
  'DELETE /api/[...path]',
  'GET /api/account/vouchers',
  'GET /api/account/owned',
  'POST /api/admin/logout',
  'GET /api/auth/[...nextauth]',
  'POST /api/auth/[...nextauth]',
  'POST /api/auth/forgot-password',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/resend-verification',
  'POST /api/auth/reset-password',
  'POST /api/auth/user-login',
  'POST /api/auth/user-register',
  'POST /api/auth/verify-email',
  'GET /api/bundles',
  'GET /api/bundles/[id]',
  'GET /api/categories',
  'POST /api/checkout/session',
  'GET /api/checkout/status/[sessionId]',
  'POST /api/checkout/test/[sessionId]/cancel',
  'POST /api/checkout/test/[sessionId]/complete',
  'GET /api/download/[sessionId]/[productId]',
  'GET /api/download/[sessionId]/all',
  'GET /api/orders/invoice/[sessionId]',
  'GET /api/orders/invoice/[sessionId]/adjustments/[refundId]',
  'GET /api/health',
  'GET /api/licences',
  'GET /api/licences/verify/[licenceId]',
  'GET /api/licences/[licenceId]/certificate',
  'GET /api/media/[...key]',
  'POST /api/membership/cancel/[userId]',
  'GET /api/membership/payments/[userId]',
  'GET /api/membership/status/[userId]',
  'POST /api/membership/subscribe',
  'GET /api/membership/subscription-status/[sessionId]',
  'GET /api/orders/[userId]',
  'GET /api/products',
  'GET /api/products/[id]',
  'GET /api/settings/banner',
  'GET /api/tags',
  'POST /api/validate-discount',
  'POST /api/webhooks/stripe',
];

const PINNED_ADMIN = new Set(ADMIN_ROUTES);

export type RouteMethod = { method: string; path: string; file: string };
/** Every handler: `template` keeps the folder names, e.g. /api/orders/[userId]. */
export type AnyRoute = RouteMethod & { template: string; admin: boolean; adminWrapper: boolean; checksOrigin: boolean };

const API_DIR = join(process.cwd(), 'app', 'api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === 'route.ts' ? [full] : [];
  });
}

function templatePath(file: string): string {
  return `/api/${relative(API_DIR, file).split(sep).slice(0, -1).join('/')}`;
}

/** /api/products/[id]/files → /api/products/zzunknown0/files */
function sampleFromTemplate(template: string): string {
  return template
    .split('/')
    .map((s) => (s.startsWith('[...') ? 'zz' : s.startsWith('[') ? 'zzunknown0' : s))
    .join('/');
}

const samplePath = (file: string) => sampleFromTemplate(templatePath(file));

/** The pinned admin endpoints, with a path to call each by. */
export function pinnedAdminRoutes(): RouteMethod[] {
  return ADMIN_ROUTES.map((key) => {
    const [method, template] = key.split(' ');
    return { method, path: sampleFromTemplate(template), file: join('app', template.slice(1), 'route.ts') };
  });
}

/** The methods a route file exports, and whether each is wrapped in the admin check. */
function exportedMethods(source: string): { method: string; adminWrapper: boolean }[] {
  const found: { method: string; adminWrapper: boolean }[] = [];
  for (const method of METHODS) {
    const direct = new RegExp(`export const ${method} = (\\w+)`).exec(source);
    if (direct) found.push({ method, adminWrapper: direct[1] === 'adminHandler' });
    else if (new RegExp(`export const \\{[^}]*\\b${method}\\b[^}]*\\} = catalogItemWriteRoutes`).test(source)) found.push({ method, adminWrapper: true });
    else if (new RegExp(`export (async )?function ${method}\\b|as ${method}\\b`).test(source)) found.push({ method, adminWrapper: false });
  }
  return found;
}

export function discoverAllRoutes(): AnyRoute[] {
  return routeFiles(API_DIR).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const checksOrigin = /assertSameOrigin\(request\)/.test(source);
    const template = templatePath(file);
    return exportedMethods(source).map(({ method, adminWrapper }) => {
      // Admin by the pinned list, never by the wrapper the file happens to use.
      const admin = PINNED_ADMIN.has(`${method} ${template}`);
      return { method, path: samplePath(file), template, file: relative(process.cwd(), file), admin, adminWrapper, checksOrigin: admin || checksOrigin };
    });
  });
}

/** Path segments that name a user, one of their checkout sessions or one of their licences (SECURITY S1). */
export const OWNER_SEGMENTS = ['[userId]', '[sessionId]', '[licenceId]'];

/**
 * Lookups meant for anyone who has the id: licence verification shows a
 * licence to the print platform or client its holder gave the id to (its own
 * rules, SECURITY N2: rate-limited, 404 for unknown ids, the holder masked).
 */
export const PUBLIC_LOOKUPS = ['/api/licences/verify/[licenceId]'];

/** Routes with a {userId}, {sessionId} or {licenceId} in the path: each must refuse another user's id. */
export function discoverOwnedRoutes(): AnyRoute[] {
  return discoverAllRoutes().filter((r) => !r.admin && !PUBLIC_LOOKUPS.includes(r.template) && OWNER_SEGMENTS.some((s) => r.template.split('/').includes(s)));
}
