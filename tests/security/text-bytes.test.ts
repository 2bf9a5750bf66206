// SECURITY "Always": text is text. A NUL byte or a lone surrogate in any query
// parameter, path segment, form field, JSON string (at any depth) or multipart
// field or file name is a 400 in the error shape, refused by the shared parsing
// before any schema or query (lib/domain/text.ts): Postgres refuses U+0000
// (22021), which a scanner turned into 500s. Pages answer their normal 404.
// The cases are generated from the route files and their lib/contract schemas
// (route-inputs.ts) and from the pages under app/, so new ones are covered.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, type RequestInit } from './clients';
import { adminToken, clearRateLimits, closeDb, expectErrorShape, registerCustomer, type Reply } from './helpers';
import { discoverPageRoutes, discoverPages, fillTemplate } from './pages';
import { routeInputs, segmentsOf } from './route-inputs';
import { discoverAllRoutes } from './routes';

/** Values that are not text: in URLs and forms only NUL survives decoding (an invalid escape becomes U+FFFD); JSON escapes carry surrogates. */
const URL_NUL = 'a%00';
const JSON_VALUES = { NUL: 'a\u0000b', 'lone high surrogate': 'a\ud800b', 'lone low surrogate': '\udc00b' };
const REFUSED = /NUL byte or a lone surrogate/;
const RATE_RULES = ['login', 'admin-login', 'admin-login-all', 'register', 'forgot', 'reset', 'discount', 'checkout', 'download', 'status-poll'];

const sample = (segment: string) => (segment.startsWith('[...') ? 'zz' : 'zzunknown0');

// Each request from its own loopback address, so no per-client rate limit answers before the parsing does.
let nextClient = 0;
const send = (method: string, path: string, init: RequestInit = {}) => {
  const n = nextClient++;
  return callFrom(`127.77.${Math.floor(n / 250)}.${(n % 250) + 1}`, method, path, init);
};

/** A 400 in the error shape from the text check, naming `field` when the field's name is printable. */
function expectRefused(reply: Reply, field?: string) {
  expectErrorShape(reply, 400);
  const body = reply.body as { detail: string; fields?: Record<string, string[]> };
  expect(body.detail, reply.text).toMatch(REFUSED);
  if (field !== undefined) expect(Object.keys(body.fields ?? {}), reply.text).toEqual([field]);
}

const KINDS = ['query', 'path', 'JSON', 'form', 'multipart'] as const;
type Case = { kind: (typeof KINDS)[number]; name: string; method: string; path: string; init?: RequestInit; field?: string };

function multipart(parts: { name: string; filename?: string; star?: string; value: string }[]): RequestInit {
  const boundary = 'textbytes0boundary';
  const body = parts
    .map((p) => {
      const file = p.filename !== undefined ? `; filename="${p.filename}"` : p.star !== undefined ? `; filename*=UTF-8''${p.star}` : '';
      const type = file ? '\r\nContent-Type: image/png' : '';
      return `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n${p.value}\r\n`;
    })
    .join('');
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: `${body}--${boundary}--\r\n` };
}

const routes = discoverAllRoutes();
const ROUTE_CASES: (Case & { admin: boolean })[] = [];
const UNRESOLVED: string[] = [];
for (const route of routes) {
  const inputs = await routeInputs(route, sample);
  const key = `${route.method} ${route.template}`;
  const add = (c: Case) => ROUTE_CASES.push({ ...c, name: `${key}: ${c.name}`, admin: route.admin });
  UNRESOLVED.push(...inputs.unresolved.map((name) => `${key} parses with ${name}`));
  // Every route refuses a parameter it never reads too: the check runs before the route does.
  for (const name of [...inputs.query, 'probe'])
    add({ kind: 'query', name: `query ${name}`, method: route.method, path: `${route.path}?${name}=${URL_NUL}`, field: name });
  for (const segment of inputs.segments)
    add({ kind: 'path', name: `path ${segment.name}`, method: route.method, path: segment.path(URL_NUL), field: segment.name });
  for (const [label, value] of Object.entries(JSON_VALUES)) {
    for (const { path, body } of inputs.json(value))
      add({ kind: 'JSON', name: `JSON ${path || 'body'}, ${label}`, method: route.method, path: route.path, init: { json: body }, field: path || undefined });
  }
  if (inputs.json('').length > 0)
    add({ kind: 'JSON', name: 'JSON key holding NUL', method: route.method, path: route.path, init: { json: { 'a\u0000': 'x' } } });
  for (const name of inputs.form)
    add({ kind: 'form', name: `form ${name}`, method: route.method, path: route.path, init: { form: { [name]: 'a\u0000b' } }, field: name });
  if (inputs.multipart) {
    add({
      kind: 'multipart',
      name: 'multipart field value',
      method: route.method,
      path: route.path,
      init: multipart([{ name: 'title', value: 'a\u0000b' }]),
      field: 'title',
    });
    add({
      kind: 'multipart',
      name: 'multipart file name',
      method: route.method,
      path: route.path,
      init: multipart([{ name: 'image', filename: 'a\u0000.png', value: 'x' }]),
      field: 'image',
    });
    add({
      kind: 'multipart',
      name: 'multipart encoded file name',
      method: route.method,
      path: route.path,
      init: multipart([{ name: 'image', star: 'a%00.png', value: 'x' }]),
      field: 'image',
    });
  }
}

let adminAuth: Record<string, string>;
let customerAuth: Record<string, string>;

beforeAll(async () => {
  adminAuth = { authorization: `Bearer ${await adminToken()}` };
  customerAuth = (await registerCustomer('text')).auth;
});

afterAll(async () => {
  await clearRateLimits(...RATE_RULES);
  await closeDb();
});

describe('what the scanner found', () => {
  it('/products?search=a%00 is the listing\'s normal "nothing found" (404), not the error page', async () => {
    const page = await send('GET', `/products?search=${URL_NUL}`);
    expect(page.status, page.text.slice(0, 300)).toBe(404);
    expect(page.text).toContain('No products found');
  });

  it.each(['search', 'category'])('/api/products?%s=a%00 is a 400 in the error shape', async (name) => {
    expectRefused(await send('GET', `/api/products?${name}=${URL_NUL}`), name);
  });

  it('an invalid UTF-8 escape decodes to U+FFFD, which is text: searched, not refused', async () => {
    const reply = await send('GET', '/api/products?search=%ED%A0%80');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual([]);
  });
});

describe('the generated cases', () => {
  it('cover every route, and every schema a route parses with comes from lib/contract', () => {
    expect(UNRESOLVED).toEqual([]);
    for (const route of routes)
      expect(
        ROUTE_CASES.some((c) => c.name.startsWith(`${route.method} ${route.template}:`)),
        route.template,
      ).toBe(true);
    // The kinds of input each must reach: a JSON string deep in an array, a form field, a multipart file name.
    const names = ROUTE_CASES.map((c) => c.name);
    for (const expected of [
      'POST /api/checkout/session: JSON items.0.product_id, NUL',
      'POST /api/products/[id]/files: multipart file name',
      'POST /api/auth/user-login: form email',
      'POST /api/admin/individual-upload: multipart file name',
      'GET /api/products: query subcategory',
      'GET /api/media/[...key]: path key.0',
    ]) {
      expect(names).toContain(expected);
    }
  });
});

describe.each(KINDS)('%s values that are not text', (kind) => {
  const cases = ROUTE_CASES.filter((c) => c.kind === kind);
  it.each(cases.map((c) => [c.name, c] as const))('%s → 400', async (_name, c) => {
    const auth = c.admin ? adminAuth : customerAuth;
    expectRefused(await send(c.method, c.path, { ...c.init, headers: { ...c.init?.headers, ...auth } }), c.field);
  });
});

describe('a multipart file name with a broken percent-escape', () => {
  const multipartRoutes = [...new Set(ROUTE_CASES.filter((c) => c.kind === 'multipart').map((c) => `${c.method} ${c.path}`))];
  it.each(multipartRoutes)('%s → 400, not an uncaught URIError', async (key) => {
    const [method, path] = key.split(' ');
    const init = multipart([{ name: 'image', star: 'a%ZZ.png', value: 'x' }]);
    const reply = await send(method, path, { ...init, headers: { ...init.headers, ...adminAuth } });
    expectErrorShape(reply, 400);
    expect(reply.body).toMatchObject({ detail: 'Malformed multipart file name' });
  });
});

describe('a body nested deeper than any call stack', () => {
  it('is walked without overflowing: 400, not 500', async () => {
    const depth = 20_000;
    const body = `${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}`;
    expectRefused(await send('POST', '/api/checkout/session', { headers: { 'content-type': 'application/json', ...customerAuth }, body }));
  });
});

describe('route handlers outside /api', () => {
  it.each(
    discoverPageRoutes().flatMap((r) => [
      ...segmentsOf(r.template, sample).map((s) => [s.path(URL_NUL), s.name] as const),
      [`${fillTemplate(r.template, () => '0.xml')}?probe=${URL_NUL}`, 'probe'] as const,
    ]),
  )('GET %s → 400', async (path, field) => {
    expectRefused(await send('GET', path), field);
  });
});

describe('pages', () => {
  const pages = discoverPages().map((p) => ({ ...p, source: readFileSync(join(process.cwd(), p.file), 'utf8') }));
  // The query names pages read, from their sources and the listing's reader.
  const listingSchema =
    /const schema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(readFileSync(join(process.cwd(), 'app/(shop)/products/listing-params.ts'), 'utf8'))?.[1] ?? '';
  const listingNames = [...listingSchema.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]);
  const pageNames = pages.flatMap((p) => [...p.source.matchAll(/pageInput\((?:props\.)?searchParams\)\)\.(\w+)/g)].map((m) => m[1]));
  const queryNames = [...new Set(['probe', ...listingNames, ...pageNames])];

  it('read params and searchParams only through the shared reader', () => {
    expect(queryNames).toEqual(expect.arrayContaining(['search', 'category', 'session_id', 'token']));
    for (const page of pages) expect(page.source, page.file).not.toMatch(/await\s+(?:props\.)?(?:params|searchParams)\b/);
  });

  const cases = pages.flatMap((page) => {
    const readsQuery = /pageInput\((?:props\.)?searchParams\)/.test(page.source);
    const readsPath = /pageInput\((?:props\.)?params\)/.test(page.source);
    return [
      ...queryNames.map((name) => ({ path: `${fillTemplate(page.template, sample)}?${name}=${URL_NUL}`, refused: readsQuery })),
      ...segmentsOf(page.template, sample).map((segment) => ({ path: segment.path(URL_NUL), refused: readsPath })),
      // /products itself is the source of the listing rewrites: a value that is not text is never captured into a cached path.
      ...(page.template === '/products' ? queryNames.map((name) => ({ path: `/products?${name}=${URL_NUL}`, refused: false })) : []),
    ];
  });

  it.each(cases.map((c) => [c.path, c.refused] as const))('GET %s is never the error page (reads it: 404 %s)', async (path, refused) => {
    // Middleware sends a request without the admin cookie to the sign-in page before any admin page
    // runs; a cookie (any value: the page checks it) lets the page read its input first.
    const init = path.startsWith('/admin/dashboard') ? { headers: { cookie: 'shop_admin=not-a-session' } } : {};
    const reply = await send('GET', path, init);
    expect(reply.status, reply.text.slice(0, 500)).toBeLessThan(500);
    if (refused) expect(reply.status).toBe(404);
  });
});
