// The API list in docs/product.md §7 stays true: every method and path a route
// file under app/api exports is listed there, and every `METHOD /api/…` the
// document names exists. Run by tests/unit/api-docs.test.ts, or by hand:
//   npx tsx scripts/check-api-docs.ts
// Routes are found by the security suite's own discovery (tests/security/routes.ts),
// so "an endpoint" means the same thing to both checks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { discoverAllRoutes } from '../tests/security/routes';

export const PRODUCT_DOC = join('docs', 'product.md');

const METHOD = 'GET|POST|PUT|PATCH|DELETE';
/** `GET /api/x/{id}` or, for catch-alls, `GET, POST /api/x/{...rest}`; a query string is allowed and ignored. */
const DOCUMENTED_CALL = new RegExp(`\`((?:${METHOD})(?:, (?:${METHOD}))*) (/api(?:/[^\`\\s?]*)?)[^\`]*\``, 'g');

/** app/api/products/[id] → /api/products/{id}; [...key] → {...key}: the document writes paths the way the spec does. */
export function documentedPath(template: string): string {
  return template.replace(/\[([^\]]+)\]/g, '{$1}');
}

/** Every `METHOD /api/path` a piece of the document names. */
export function documentedCalls(text: string): Set<string> {
  const calls = new Set<string>();
  for (const [, methods, path] of text.matchAll(DOCUMENTED_CALL)) {
    for (const method of methods.split(', ')) calls.add(`${method} ${path}`);
  }
  return calls;
}

/** The text of one `## N.` section, up to the next `## ` heading. */
export function section(text: string, number: number): string {
  const start = text.search(new RegExp(`^## ${number}\\. `, 'm'));
  if (start < 0) return '';
  const body = text.slice(start);
  // The next heading of the same level, after this one's own line.
  const end = body.slice(1).search(/^## /m);
  return end < 0 ? body : body.slice(0, end + 1);
}

export type ApiDocsCheck = {
  /** Every method and path the route files export. */
  routes: string[];
  /** Exported by a route file, not listed in §7. */
  missing: string[];
  /** Named somewhere in the document, exported by no route file. */
  unknown: string[];
};

export function checkApiDocs(text: string = readFileSync(PRODUCT_DOC, 'utf8')): ApiDocsCheck {
  const routes = [...new Set(discoverAllRoutes().map((r) => `${r.method} ${documentedPath(r.template)}`))].sort();
  const listed = documentedCalls(section(text, 7));
  const named = documentedCalls(text);
  const existing = new Set(routes);
  return {
    routes,
    missing: routes.filter((r) => !listed.has(r)),
    unknown: [...named].filter((call) => !existing.has(call)).sort(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { routes, missing, unknown } = checkApiDocs();
  for (const call of missing) console.log(`not in ${PRODUCT_DOC} §7: ${call}`);
  for (const call of unknown) console.log(`in ${PRODUCT_DOC}, but no route file exports it: ${call}`);
  console.log(`${routes.length} routes, ${missing.length} missing, ${unknown.length} unknown`);
  process.exitCode = missing.length || unknown.length ? 1 : 0;
}
