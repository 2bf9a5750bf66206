// Finds every admin endpoint from the route files themselves, so a new admin
// route is covered by the access tests the moment it exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export type RouteMethod = { method: string; path: string; file: string };
/** Every handler: `template` keeps the folder names, e.g. /api/orders/[userId]. */
export type AnyRoute = RouteMethod & { template: string; admin: boolean; checksOrigin: boolean };

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
function samplePath(file: string): string {
  const segments = relative(API_DIR, file).split(sep).slice(0, -1);
  const filled = segments.map((s) => (s.startsWith('[...') ? 'zz' : s.startsWith('[') ? 'zzunknown0' : s));
  return `/api/${filled.join('/')}`;
}

function exportedMethods(source: string): { method: string; admin: boolean }[] {
  const found: { method: string; admin: boolean }[] = [];
  for (const method of METHODS) {
    const direct = new RegExp(`export const ${method} = (\\w+)`).exec(source);
    if (direct) found.push({ method, admin: direct[1] === 'adminHandler' });
    else if (new RegExp(`export const \\{[^}]*\\b${method}\\b[^}]*\\} = catalogItemWriteRoutes`).test(source)) found.push({ method, admin: true });
    else if (new RegExp(`export (async )?function ${method}\\b|as ${method}\\b`).test(source)) found.push({ method, admin: false });
  }
  return found;
}

export function discoverRoutes(): { admin: RouteMethod[]; unguardedUnderAdmin: RouteMethod[] } {
  const admin: RouteMethod[] = [];
  const unguardedUnderAdmin: RouteMethod[] = [];
  for (const file of routeFiles(API_DIR)) {
    const source = readFileSync(file, 'utf8');
    const path = samplePath(file);
    for (const { method, admin: guarded } of exportedMethods(source)) {
      const route = { method, path, file: relative(process.cwd(), file) };
      if (guarded) admin.push(route);
      else if (path.startsWith('/api/admin/') && path !== '/api/admin/logout') unguardedUnderAdmin.push(route);
    }
  }
  return { admin, unguardedUnderAdmin };
}

export function discoverAllRoutes(): AnyRoute[] {
  return routeFiles(API_DIR).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const checksOrigin = /assertSameOrigin\(request\)/.test(source);
    return exportedMethods(source).map(({ method, admin }) => ({
      method,
      path: samplePath(file),
      template: templatePath(file),
      file: relative(process.cwd(), file),
      admin,
      checksOrigin: admin || checksOrigin,
    }));
  });
}

/** Path segments that name a user or one of their checkout sessions (SECURITY S1). */
export const OWNER_SEGMENTS = ['[userId]', '[sessionId]'];

/** Routes with a {userId} or {sessionId} in the path: each must refuse another user's id. */
export function discoverOwnedRoutes(): AnyRoute[] {
  return discoverAllRoutes().filter((r) => !r.admin && OWNER_SEGMENTS.some((s) => r.template.split('/').includes(s)));
}
