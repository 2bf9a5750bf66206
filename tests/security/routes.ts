// Every API endpoint, pinned by hand as admin or public, and found again from
// the route files themselves. The access tests run against the pinned admin
// list, so a route that stops using `adminHandler` fails them; a route file
// that is in neither list fails the classification test the moment it exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Permission } from '@/lib/staff-permissions';

/**
 * Every admin method and path (templates keep the folder names), with the
 * permission it needs (lib/staff-permissions.ts). A new admin route goes here;
 * the role matrix (admin-access.test.ts) calls each with every role.
 */
export const ADMIN_ROUTE_PERMISSIONS: Record<string, Permission> = {
  'GET /api/admin/active-sales': 'catalogue',
  'GET /api/admin/customers': 'customers',
  'GET /api/admin/customers/[id]': 'customers',
  'POST /api/admin/customers/[id]/complimentary-membership': 'customers',
  'POST /api/admin/customers/[id]/cancel-membership': 'customers',
  'POST /api/admin/customers/[id]/refund-membership-payment': 'refunds',
  'POST /api/admin/customers/[id]/resend-verification': 'emails',
  'POST /api/admin/customers/[id]/block': 'customers',
  'POST /api/admin/customers/[id]/unblock': 'customers',
  'POST /api/admin/customers/[id]/anonymise': 'customers',
  'POST /api/admin/bundles': 'catalogue',
  'POST /api/admin/analyze-image': 'catalogue',
  'POST /api/admin/bulk-sale': 'catalogue',
  'POST /api/admin/bulk-upload': 'catalogue',
  'POST /api/admin/bulk-upload/staged': 'catalogue',
  'POST /api/admin/bulk-upload/[batchId]/received': 'catalogue',
  'POST /api/admin/bulk-upload/[batchId]/complete': 'catalogue',
  'POST /api/admin/bulk-upload/[batchId]/urls': 'catalogue',
  'POST /api/admin/end-all-sales': 'catalogue',
  'POST /api/admin/end-sale': 'catalogue',
  'POST /api/admin/individual-upload': 'catalogue',
  // Business figures: the owner's and the manager's only.
  'GET /api/admin/insights': 'insights',
  'GET /api/admin/licences': 'catalogue',
  'POST /api/admin/licences': 'settings.business',
  'PUT /api/admin/licences': 'settings.business',
  'PUT /api/admin/licences/[key]': 'settings.business',
  'GET /api/admin/orders': 'orders',
  'POST /api/admin/orders/refund': 'refunds',
  'POST /api/admin/orders/resend-email': 'emails',
  'GET /api/admin/orders/[sessionId]/downloads.csv': 'orders',
  'GET /api/admin/products': 'catalogue',
  'POST /api/admin/products/bulk-delete': 'catalogue',
  'POST /api/admin/products/bulk-update': 'catalogue',
  'GET /api/admin/discounts': 'vouchers',
  'POST /api/admin/discounts': 'vouchers',
  'PUT /api/admin/discounts/[id]': 'vouchers',
  'DELETE /api/admin/discounts/[id]': 'vouchers',
  'GET /api/admin/promo-codes': 'vouchers',
  'POST /api/admin/promo-codes': 'vouchers',
  'DELETE /api/admin/promo-codes/[code]': 'vouchers',
  'POST /api/admin/retry-failed/[batchId]': 'catalogue',
  'GET /api/admin/session': 'account',
  'GET /api/admin/settings/bundle-credit': 'settings.business',
  'PUT /api/admin/settings/bundle-credit': 'settings.business',
  'GET /api/admin/settings/business': 'settings.business',
  'PUT /api/admin/settings/business': 'settings.business',
  'GET /api/admin/settings/pages/[slug]': 'settings.storefront',
  'PUT /api/admin/settings/pages/[slug]': 'settings.storefront',
  'GET /api/admin/settings/shop': 'settings.business',
  'PUT /api/admin/settings/shop': 'settings.business',
  'POST /api/admin/settings/shop/images/[kind]': 'settings.business',
  'DELETE /api/admin/settings/shop/images/[kind]': 'settings.business',
  'GET /api/admin/upload-progress/[batchId]': 'catalogue',
  'GET /api/admin/vouchers': 'vouchers',
  'POST /api/admin/vouchers/create': 'vouchers',
  'PUT /api/admin/vouchers/[id]': 'vouchers',
  'DELETE /api/admin/vouchers/[id]': 'vouchers',
  'GET /api/admin/staff': 'staff',
  'POST /api/admin/staff': 'staff',
  'PUT /api/admin/staff/[id]': 'staff',
  'DELETE /api/admin/staff/[id]': 'staff',
  'POST /api/admin/staff/[id]/invite': 'staff',
  'PUT /api/admin/account/password': 'account',
  'GET /api/admin/account/sessions': 'account',
  'DELETE /api/admin/account/sessions/[id]': 'account',
  'POST /api/admin/account/two-factor': 'account',
  'DELETE /api/admin/account/two-factor': 'account',
  'POST /api/admin/account/two-factor/confirm': 'account',
  'POST /api/admin/account/two-factor/recovery-codes': 'account',
  'GET /api/admin/audit': 'audit',
  'GET /api/admin/audit.csv': 'audit',
  'GET /api/admin/orders.csv': 'orders',
  'GET /api/admin/customers.csv': 'customers',
  'GET /api/admin/products.csv': 'catalogue',
  'POST /api/admin/products/import': 'catalogue',
  'PUT /api/bundles/[id]': 'catalogue',
  'DELETE /api/bundles/[id]': 'catalogue',
  'POST /api/categories': 'catalogue',
  'PUT /api/categories/[id]': 'catalogue',
  'DELETE /api/categories/[id]': 'catalogue',
  'POST /api/categories/[id]/image': 'catalogue',
  'POST /api/categories/[id]/subcategories': 'catalogue',
  'DELETE /api/categories/[id]/subcategories/[name]': 'catalogue',
  'PUT /api/products/[id]': 'catalogue',
  'DELETE /api/products/[id]': 'catalogue',
  'POST /api/products/[id]/files': 'catalogue',
  'DELETE /api/products/[id]/files': 'catalogue',
  'POST /api/products/[id]/files/[fileId]/versions': 'catalogue',
  'POST /api/products/[id]/files/[fileId]/notify': 'catalogue',
  'GET /api/products/[id]/file-history': 'catalogue',
  'POST /api/products/[id]/image': 'catalogue',
  'POST /api/settings/banner': 'settings.storefront',
  'GET /api/admin/reviews': 'reviews',
  'PUT /api/admin/reviews/[id]': 'reviews',
  'GET /api/admin/settings/reviews': 'reviews',
  'PUT /api/admin/settings/reviews': 'reviews',
  'GET /api/admin/newsletters': 'marketing',
  'POST /api/admin/newsletters': 'marketing',
  'GET /api/admin/newsletters/[id]': 'marketing',
  'PUT /api/admin/newsletters/[id]': 'marketing',
  'GET /api/admin/newsletters/[id]/preview': 'marketing',
  'GET /api/admin/newsletters/[id]/progress': 'marketing',
  'POST /api/admin/newsletters/[id]/test': 'marketing',
  'POST /api/admin/newsletters/[id]/send': 'marketing',
  'GET /api/admin/settings/abandoned-checkout': 'marketing',
  'PUT /api/admin/settings/abandoned-checkout': 'marketing',
  'POST /api/bundles/[id]/images': 'catalogue',
  'PUT /api/bundles/[id]/images': 'catalogue',
  'DELETE /api/bundles/[id]/images/[imageId]': 'catalogue',
  'POST /api/products/[id]/images': 'catalogue',
  'PUT /api/products/[id]/images': 'catalogue',
  'DELETE /api/products/[id]/images/[imageId]': 'catalogue',
  'POST /api/tags': 'catalogue',
  'PUT /api/tags/[id]': 'catalogue',
  'DELETE /api/tags/[id]': 'catalogue',
};

export const ADMIN_ROUTES = Object.keys(ADMIN_ROUTE_PERMISSIONS);

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
  'GET /api/account/bundle-credit',
  'GET /api/account/reviews/[productId]',
  'GET /api/account/wishlist',
  'GET /api/account/email-preferences',
  'PUT /api/account/email-preferences',
  'POST /api/free-downloads',
  'POST /api/free-downloads/confirm',
  'PUT /api/account/wishlist/[productId]',
  'DELETE /api/account/wishlist/[productId]',
  'POST /api/email/unsubscribe',
  'POST /api/admin/logout',
  'GET /api/auth/[...nextauth]',
  'POST /api/auth/[...nextauth]',
  'POST /api/auth/forgot-password',
  'POST /api/auth/login',
  'POST /api/auth/login/two-factor',
  'POST /api/auth/accept-invite',
  'POST /api/auth/logout',
  'POST /api/auth/resend-verification',
  'POST /api/auth/reset-password',
  'POST /api/auth/user-login',
  'POST /api/auth/user-register',
  'POST /api/auth/verify-email',
  'GET /api/bundles',
  'GET /api/bundles/[id]',
  'GET /api/cart/restore',
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
  'GET /api/recommendations',
  'GET /api/products/[id]',
  'GET /api/recommendations',
  'GET /api/products/[id]/reviews',
  'POST /api/products/[id]/reviews',
  'PUT /api/products/[id]/reviews/[reviewId]',
  'DELETE /api/products/[id]/reviews/[reviewId]',
  'GET /api/settings/banner',
  'GET /api/tags',
  'POST /api/validate-discount',
  'POST /api/webhooks/stripe',
];

const PINNED_ADMIN = new Set(ADMIN_ROUTES);

export type RouteMethod = { method: string; path: string; file: string };
export type AdminRoute = RouteMethod & { key: string; permission: Permission };
/** Every handler: `template` keeps the folder names, e.g. /api/orders/[userId]. */
export type AnyRoute = RouteMethod & { template: string; admin: boolean; adminWrapper: boolean; checksOrigin: boolean; declaredPermission: string | null };

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
export function pinnedAdminRoutes(): AdminRoute[] {
  return ADMIN_ROUTES.map((key) => {
    const [method, template] = key.split(' ');
    return { key, method, path: sampleFromTemplate(template), file: join('app', template.slice(1), 'route.ts'), permission: ADMIN_ROUTE_PERMISSIONS[key] };
  });
}

type Exported = { method: string; adminWrapper: boolean; declaredPermission: string | null };

/** The permission the first adminHandler call in `source` names: `adminHandler<…>('catalogue', …`. */
const permissionIn = (source: string) => /adminHandler(?:<[^>]*>)?\(\s*'([\w.]+)'/.exec(source)?.[1] ?? null;
const CATALOG_ITEM_ROUTES = readFileSync(join(process.cwd(), 'lib', 'http', 'catalog-item-routes.ts'), 'utf8');
const GALLERY_ROUTES = readFileSync(join(process.cwd(), 'lib', 'http', 'gallery-routes.ts'), 'utf8');

/** The methods a route file exports, whether each is wrapped in the admin check, and the permission it declares. */
function exportedMethods(source: string): Exported[] {
  const found: Exported[] = [];
  for (const method of METHODS) {
    const direct = new RegExp(`export const ${method} = (\\w+)`).exec(source);
    const wrapped = direct?.[1] === 'adminHandler';
    if (direct)
      found.push({ method, adminWrapper: wrapped, declaredPermission: wrapped ? permissionIn(source.slice(direct.index, direct.index + 300)) : null });
    // The shared admin route builders (lib/http): every method they make is wrapped in adminHandler.
    else if (new RegExp(`export const \\{[^}]*\\b${method}\\b[^}]*\\} = catalogItemWriteRoutes`).test(source))
      found.push({ method, adminWrapper: true, declaredPermission: permissionIn(CATALOG_ITEM_ROUTES.slice(CATALOG_ITEM_ROUTES.indexOf(`const ${method} =`))) });
    else if (new RegExp(`export const \\{[^}]*\\b${method}\\b[^}]*\\} = galleryRoutes\\(`).test(source))
      found.push({ method, adminWrapper: true, declaredPermission: permissionIn(GALLERY_ROUTES.slice(GALLERY_ROUTES.indexOf(`const ${method} =`))) });
    else if (new RegExp(`export (async )?function ${method}\\b|as ${method}\\b`).test(source))
      found.push({ method, adminWrapper: false, declaredPermission: null });
  }
  return found;
}

export function discoverAllRoutes(): AnyRoute[] {
  return routeFiles(API_DIR).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const checksOrigin = /assertSameOrigin\(request\)/.test(source);
    const template = templatePath(file);
    return exportedMethods(source).map(({ method, adminWrapper, declaredPermission }) => {
      // Admin by the pinned list, never by the wrapper the file happens to use.
      const admin = PINNED_ADMIN.has(`${method} ${template}`);
      return {
        method,
        path: samplePath(file),
        template,
        file: relative(process.cwd(), file),
        admin,
        adminWrapper,
        checksOrigin: admin || checksOrigin,
        declaredPermission,
      };
    });
  });
}

/** Path segments that name a user, one of their checkout sessions or one of their licences (docs/security.md S1). */
export const OWNER_SEGMENTS = ['[userId]', '[sessionId]', '[licenceId]'];

/**
 * Lookups meant for anyone who has the id: licence verification shows a
 * licence to the print platform or client its holder gave the id to (its own
 * rules, docs/security.md N2: rate-limited, 404 for unknown ids, the holder masked).
 */
export const PUBLIC_LOOKUPS = ['/api/licences/verify/[licenceId]'];

/** Routes with a {userId}, {sessionId} or {licenceId} in the path: each must refuse another user's id. */
export function discoverOwnedRoutes(): AnyRoute[] {
  return discoverAllRoutes().filter((r) => !r.admin && !PUBLIC_LOOKUPS.includes(r.template) && OWNER_SEGMENTS.some((s) => r.template.split('/').includes(s)));
}
