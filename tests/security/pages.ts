// Every page and every route handler outside /api, walked from app/, so the
// tests that use them cover a new one the moment it exists.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const APP_DIR = join(process.cwd(), 'app');

/** A file of app/ and its URL template: route groups dropped, dynamic segments kept (`/product/[id]`). */
export type AppFile = { file: string; template: string };

function walk(name: 'page.tsx' | 'route.ts', dir = APP_DIR): AppFile[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'api' && dir === APP_DIR ? [] : walk(name, full);
    if (entry !== name) return [];
    const segments = relative(APP_DIR, full)
      .split(sep)
      .slice(0, -1)
      .filter((s) => !/^\(.*\)$/.test(s));
    return [{ file: relative(process.cwd(), full), template: `/${segments.join('/')}` }];
  });
}

export const discoverPages = () => walk('page.tsx');
/** Route handlers that are not under /api (the sitemaps). */
export const discoverPageRoutes = () => walk('route.ts');

export const fillTemplate = (template: string, fill: (segment: string) => string) =>
  template
    .split('/')
    .map((s) => (s.startsWith('[') ? fill(s) : s))
    .join('/');

/** Every page.tsx as a URL path, dynamic segments filled by `fill`. */
export const pagePaths = (fill: (segment: string) => string) => discoverPages().map((p) => fillTemplate(p.template, fill));
