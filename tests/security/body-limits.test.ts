// Every route that takes a body refuses one over its limit with 413 in the
// error shape, whether the length is declared or the body arrives chunked, and
// before any rate-limit or database work. An admin route reads nothing of a
// stranger's body: it answers 401 first (issue #24 §5), so its bodies are
// judged with the admin's session. The cases come from the route files
// (routes.ts), so a new route is covered the moment it exists.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerWithoutBody, callFrom } from './clients';
import { adminToken, clearRateLimits, closeDb, expectErrorShape, SHOP_URL, type Reply } from './helpers';
import { discoverAllRoutes } from './routes';

const KB = 1024;
const MB = 1024 * KB;
const SMALL_LIMIT = 64 * KB;
const WEBHOOK_LIMIT = MB;
/** A full batch's file list (MAX_FILES_PER_BATCH × 1 KB, app/api/admin/bulk-upload/staged/route.ts). */
const STAGED_LIMIT = 1000 * KB;
/**
 * Chunked bodies are a little over their limit: the server stops reading at
 * the limit and closes the connection after its answer, so a client still
 * sending much more would meet a reset before it reads the 413. That the
 * reader stops at the limit is proven with an endless body in tests/unit/body-limit.test.ts.
 */
const OVER = 32 * KB;

// Routes whose body is not a small JSON or form body, each with its own limit and its own test.
const OWN_LIMITS: Record<string, string> = {
  'POST /api/webhooks/stripe': '1 MB, below',
  'POST /api/admin/bulk-upload': 'streamed multipart with per-part limits (uploads.test.ts)',
  'POST /api/admin/bulk-upload/staged': '1000 KB (1 KB per file of a full batch), below',
  'POST /api/admin/individual-upload': 'streamed multipart with per-part limits (uploads.test.ts)',
  'POST /api/admin/analyze-image': 'streamed multipart with per-part limits (uploads.test.ts)',
  'POST /api/admin/products/import': 'a 20 MB CSV in streamed multipart, over it 413 (exports-imports.test.ts)',
  'POST /api/products/[id]/files': 'streamed to storage file by file (body-limits-streaming.test.ts)',
  'POST /api/products/[id]/files/[fileId]/versions': "streamed to storage, one file, with the files route's reader and limit (body-limits-streaming.test.ts)",
  'POST /api/products/[id]/image': 'streamed multipart with per-part limits (uploads.test.ts)',
  'POST /api/categories/[id]/image': 'streamed multipart with per-part limits (uploads.test.ts)',
  'POST /api/products/[id]/images': 'streamed multipart, image by image, with per-part limits (uploads.test.ts)',
  'POST /api/bundles/[id]/images': "the products' gallery route and limits, for bundles (lib/http/gallery-routes.ts)",
  'POST /api/admin/settings/shop/images/[kind]': 'streamed multipart with per-part limits, over 50 MB 413 (shop-pages.test.ts)',
};

const WRITES = discoverAllRoutes().filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
const SMALL_BODY_ROUTES = WRITES.filter((r) => !(`${r.method} ${r.template}` in OWN_LIMITS));

type Body = { type: string; head: string; fill: string; tail: string };
const JSON_BODY: Body = { type: 'application/json', head: '{"pad":"', fill: 'a', tail: '"}' };
const FORM_BODY: Body = { type: 'application/x-www-form-urlencoded', head: 'email=a%40example.com&pad=', fill: 'a', tail: '&password=x' };

function bodyOf(shape: Body, bytes: number): Buffer {
  const fill = bytes - shape.head.length - shape.tail.length;
  return Buffer.from(shape.head + shape.fill.repeat(fill) + shape.tail);
}

/** Sends `total` bytes of `shape`: with a Content-Length ('declared') or as a chunked body in 16 KB pieces without one. */
function send(
  method: string,
  path: string,
  shape: Body,
  total: number,
  mode: 'declared' | 'chunked',
  opts: { from?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': shape.type, ...opts.headers };
  // Node's client sends DELETE without chunked framing unless told to.
  if (mode === 'declared') headers['content-length'] = String(total);
  else headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    // A connection of its own: one the server closed after refusing a body is never reused.
    const req = http.request(`${SHOP_URL}${path}`, { method, headers, localAddress: opts.from, agent: false });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        req.destroy();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: the assertion on the shape reports it
        }
        resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), text, body });
      });
    });
    req.on('error', reject);
    const bytes = bodyOf(shape, total);
    if (mode === 'declared') return req.end(bytes);
    for (let at = 0; at < bytes.length; at += 16 * KB) req.write(bytes.subarray(at, at + 16 * KB));
    req.end();
  });
}

function expectTooLarge(res: Reply) {
  expectErrorShape(res, 413);
  expect((res.body as { code: string }).code).toBe('payload_too_large');
}

let admin: Record<string, string> = {};

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
});

afterAll(async () => {
  await clearRateLimits('login', 'discount');
  await closeDb();
});

/** A stranger's request to an admin route, its body declared and never sent: the 401 comes without it. */
async function expectRefusedUnread(method: string, path: string, bytes: number) {
  const res = await answerWithoutBody(method, path, { bytes });
  expectErrorShape(res, 401);
  expect(res.body).toMatchObject({ detail: 'Admin authentication required' });
}

describe('the route list', () => {
  it('finds the body-taking routes, and every route with its own limit still exists', () => {
    expect(SMALL_BODY_ROUTES.length).toBeGreaterThan(30);
    const found = new Set(WRITES.map((r) => `${r.method} ${r.template}`));
    for (const key of Object.keys(OWN_LIMITS)) expect(found, key).toContain(key);
  });
});

describe.each(SMALL_BODY_ROUTES)('$method $template', (route) => {
  const headers = () => (route.admin ? admin : {});

  it.each([
    ['JSON', JSON_BODY],
    ['form', FORM_BODY],
  ] as const)('refuses a %s body over 64 KB with a declared length: 413', async (_label, shape) => {
    expectTooLarge(await send(route.method, route.path, shape, SMALL_LIMIT + KB, 'declared', { headers: headers() }));
  });

  it.each([
    ['JSON', JSON_BODY],
    ['form', FORM_BODY],
  ] as const)('refuses a chunked %s body (no length) over 64 KB: 413', async (_label, shape) => {
    expectTooLarge(await send(route.method, route.path, shape, SMALL_LIMIT + OVER, 'chunked', { headers: headers() }));
  });

  if (route.admin) {
    it('answers a stranger 401 before reading a byte of the body', async () => {
      await expectRefusedUnread(route.method, route.path, SMALL_LIMIT);
    });
  }
});

describe('the Stripe webhook', () => {
  const signed = { 'stripe-signature': 't=1,v1=00' };

  it('reads a body of exactly 1 MB as usual (signature refused: 400) and refuses 1 MB + 1 byte with 413', async () => {
    const atLimit = await send('POST', '/api/webhooks/stripe', JSON_BODY, WEBHOOK_LIMIT, 'declared', { headers: signed });
    expectErrorShape(atLimit, 400);
    expect((atLimit.body as { detail: string }).detail).toBe('Invalid webhook signature');
    expectTooLarge(await send('POST', '/api/webhooks/stripe', JSON_BODY, WEBHOOK_LIMIT + 1, 'declared', { headers: signed }));
  });

  it('refuses a chunked body (no length) over 1 MB: 413', async () => {
    expectTooLarge(await send('POST', '/api/webhooks/stripe', JSON_BODY, WEBHOOK_LIMIT + OVER, 'chunked', { headers: signed }));
  });
});

describe('the staged bulk upload (a batch of up to 1000 declared files)', () => {
  const path = '/api/admin/bulk-upload/staged';

  it('answers a stranger 401 before reading a byte of a body of its full limit', async () => {
    await expectRefusedUnread('POST', path, STAGED_LIMIT);
  });

  it("reads the admin's body of exactly its limit (then judged: 400) and refuses one byte more with 413; a declared length over it at once, session or not", async () => {
    expectErrorShape(await send('POST', path, JSON_BODY, STAGED_LIMIT, 'declared', { headers: admin }), 400);
    expectTooLarge(await send('POST', path, JSON_BODY, STAGED_LIMIT + 1, 'declared', { headers: admin }));
    expectTooLarge(await send('POST', path, JSON_BODY, STAGED_LIMIT + 1, 'declared'));
  });

  it("refuses the admin's chunked body (no length) over its limit: 413", async () => {
    expectTooLarge(await send('POST', path, JSON_BODY, STAGED_LIMIT + OVER, 'chunked', { headers: admin }));
  });
});

// Each client its own loopback address (the shop counts the connection's address).
let nextHost = 10;
const freshClient = () => `127.0.14.${nextHost++}`;

describe('an oversized body costs no rate-limit allowance', () => {
  it('sign-in: 15 oversized attempts (limit 10) are all 413, and the next real attempt is judged on its merits (401)', async () => {
    const from = freshClient();
    for (let i = 0; i < 15; i++) {
      const mode = i % 2 === 0 ? 'declared' : 'chunked';
      expectTooLarge(await send('POST', '/api/auth/user-login', FORM_BODY, mode === 'declared' ? SMALL_LIMIT + KB : SMALL_LIMIT + OVER, mode, { from }));
    }
    const real = await callFrom(from, 'POST', '/api/auth/user-login', { form: { email: 'nobody@example.com', password: 'wrong-password' } });
    expectErrorShape(real, 401);
  });

  it('validate-discount: 25 oversized requests (limit 20) are all 413, and the next real one is not rate-limited', async () => {
    const from = freshClient();
    const path = '/api/validate-discount?code=NOSUCHCODE&subtotal=10';
    for (let i = 0; i < 25; i++) {
      const mode = i % 2 === 0 ? 'declared' : 'chunked';
      expectTooLarge(await send('POST', path, JSON_BODY, mode === 'declared' ? SMALL_LIMIT + KB : SMALL_LIMIT + OVER, mode, { from }));
    }
    const real = await callFrom(from, 'POST', path);
    expect(real.status, real.text).not.toBe(429);
    expect(real.status).toBeLessThan(500);
  });
});
