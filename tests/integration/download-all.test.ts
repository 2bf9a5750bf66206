// "Download all": the ZIP route against real Postgres and a real S3-protocol
// server. Every archive is unzipped and compared byte for byte.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { unzip } from '../support/unzip';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Zip');
const clientIp = `10.31.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [downloads, checkout, orders, storage, db, route, sessions, rateLimit] = await Promise.all([
    import('@/lib/domain/downloads'),
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/infra/storage'),
    import('@/lib/infra/db'),
    import('@/app/api/download/[sessionId]/all/route'),
    import('@/lib/http/session'),
    import('@/lib/domain/rate-limit'),
  ]);
  return { ...downloads, ...checkout, ...orders, ...storage, ...rateLimit, issueSessionToken: sessions.issueSessionToken, db: db.db, allRoute: route.GET };
}

let app: Awaited<ReturnType<typeof loadApp>>;
const key = (name: string) => `it-download-all/${fx.suffix}/${name}`;
const stored: Record<string, Buffer> = {};
let poster: { id: string; title: string };
let pack: { id: string; title: string };
let part: { id: string; title: string };
let bundle: { id: string; title: string };

async function storeFile(name: string, body: Buffer, contentType: string) {
  stored[name] = body;
  await app.putObject('private', key(name), body, contentType);
  return { storageKey: key(name), originalFilename: name, contentType };
}

async function paidOrder(productIds: string[], userId: string | null = null) {
  const result = await app.createCheckout({ productIds, userId, customerEmail: userId ? `${userId}@example.com` : null, siteUrl: SITE_URL });
  await app.completeTestPayment(result.sessionId, 'buyer@example.com');
  return result.sessionId;
}

function callRoute(sessionId: string, query = '', token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return app.allRoute(new Request(`${SITE_URL}/api/download/${sessionId}/all${query}`, { headers }), { params: Promise.resolve({ sessionId }) });
}

const logCount = (sessionId: string) => app.db().downloadLog.count({ where: { order: { sessionId } } });
const clearLimits = () => app.db().rateLimit.deleteMany({ where: { key: { endsWith: `:${clientIp}` } } });

beforeAll(async () => {
  app = await loadApp();
  await app.ensureBuckets();
  const text = Buffer.from(`plain text that deflates well ${'x'.repeat(4000)}\n`);
  poster = await fx.product({
    title: 'Poster / "Deluxe"',
    priceCents: 500,
    files: [await storeFile('poster.pdf', randomBytes(3000), 'application/pdf'), await storeFile('readme.txt', text, 'text/plain')],
  });
  pack = await fx.product({
    title: `..Pack ${fx.suffix}`,
    priceCents: 700,
    files: [await storeFile('../../etc/passwd.svg', Buffer.from('<svg/>'), 'image/svg+xml')],
  });
  part = await fx.product({
    title: `Part ${fx.suffix}`,
    priceCents: 300,
    files: [await storeFile('part.png', randomBytes(2000), 'image/png'), await storeFile('readme', Buffer.from('part readme'), 'text/plain')],
  });
  bundle = await fx.product({
    title: `Bundle ${fx.suffix}`,
    priceCents: 450,
    isBundle: true,
    bundleOf: [part.id],
    files: [await storeFile('guide.pdf', randomBytes(500), 'application/pdf')],
  });
});

describe('GET /api/download/{sessionId}/all', () => {
  it('streams one ZIP of every file, a sanitised folder per product, bundles expanded, bytes intact', async () => {
    const sessionId = await paidOrder([poster.id, pack.id, bundle.id]);
    const response = await callRoute(sessionId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="order-${sessionId.slice(-12)}.zip"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    const byName = new Map(entries.map((e) => [e.name, e]));
    const expected: Record<string, string> = {
      [`Bundle ${fx.suffix}/guide.pdf`]: 'guide.pdf',
      [`Bundle ${fx.suffix}/part.png`]: 'part.png',
      [`Bundle ${fx.suffix}/readme`]: 'readme',
      [`Pack ${fx.suffix}/etcpasswd.svg`]: '../../etc/passwd.svg',
      'Poster Deluxe/poster.pdf': 'poster.pdf',
      'Poster Deluxe/readme.txt': 'readme.txt',
    };
    expect([...byName.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [path, source] of Object.entries(expected)) expect(byName.get(path)!.body.equals(stored[source]), path).toBe(true);
    // Already compressed formats are stored, everything else deflated.
    expect(byName.get('Poster Deluxe/poster.pdf')!.method).toBe(0);
    expect(byName.get(`Bundle ${fx.suffix}/part.png`)!.method).toBe(0);
    expect(byName.get('Poster Deluxe/readme.txt')!.method).toBe(8);
    expect(entries.every((e) => !e.name.split('/').some((segment) => segment === '..' || segment === '' || segment.startsWith('.')))).toBe(true);
  });

  it('writes a file the order gives twice once, and renames different files that share a name', () => {
    const file = (id: string, originalFilename: string) => ({ id, storageKey: `k/${id}`, originalFilename });
    const layout = app.archiveLayout([
      { title: 'Set', productId: 'p1', files: [file('f1', 'a.png'), file('f2', 'a.png'), file('f3', 'A.PNG')] },
      { title: 'Set', productId: 'p2', files: [file('f1', 'a.png'), file('f4', 'b')] },
    ]);
    expect(layout.map((e) => [e.path, e.fileId])).toEqual([
      ['Set/a.png', 'f1'],
      ['Set/a (2).png', 'f2'],
      ['Set/A (3).PNG', 'f3'],
      ['Set (2)/b', 'f4'],
    ]);
  });

  it('limits the ZIP to one product or bundle of the order with ?product_id=', async () => {
    const sessionId = await paidOrder([poster.id, bundle.id]);
    const response = await callRoute(sessionId, `?product_id=${bundle.id}`);
    expect(response.status).toBe(200);
    const names = (await unzip(Buffer.from(await response.arrayBuffer()))).map((e) => e.name).sort();
    expect(names).toEqual([`Bundle ${fx.suffix}/guide.pdf`, `Bundle ${fx.suffix}/part.png`, `Bundle ${fx.suffix}/readme`]);
    expect(await logCount(sessionId)).toBe(3);
  });

  it('answers 404 in the error shape for a product that is not in the order', async () => {
    const sessionId = await paidOrder([poster.id]);
    for (const productId of [part.id, 'nosuchproduct0000']) {
      const response = await callRoute(sessionId, `?product_id=${productId}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'File not found', code: 'not_found' });
    }
    expect(await logCount(sessionId)).toBe(0);
  });

  it('answers 400 in the error shape for malformed parameters', async () => {
    const sessionId = await paidOrder([poster.id]);
    for (const [session, query] of [
      ['short', ''],
      [sessionId, '?product_id=bad..id'],
    ]) {
      const response = await callRoute(session, query);
      expect(response.status, `${session} ${query}`).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_request' });
    }
  });

  it('refuses an order that is not paid, and logs nothing', async () => {
    const open = await app.createCheckout({ productIds: [poster.id], userId: null, customerEmail: null, siteUrl: SITE_URL });
    const response = await callRoute(open.sessionId);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'File not found', code: 'not_found' });
    expect(await logCount(open.sessionId)).toBe(0);
  });

  it("serves an account's order only to that account, as single downloads do", async () => {
    const owner = await fx.user();
    const other = await fx.user();
    const sessionId = await paidOrder([poster.id], owner.id);
    expect((await callRoute(sessionId)).status).toBe(404);
    const stranger = await callRoute(sessionId, '', await app.issueSessionToken(other));
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ detail: 'File not found', code: 'not_found' });
    expect(await logCount(sessionId)).toBe(0);
    const own = await callRoute(sessionId, '', await app.issueSessionToken(owner));
    expect(own.status).toBe(200);
    expect((await unzip(Buffer.from(await own.arrayBuffer()))).map((e) => e.name).sort()).toEqual(['Poster Deluxe/poster.pdf', 'Poster Deluxe/readme.txt']);
  });

  it('logs each file handed out, with the client address and user', async () => {
    const owner = await fx.user();
    const sessionId = await paidOrder([poster.id, pack.id], owner.id);
    const response = await callRoute(sessionId, '', await app.issueSessionToken(owner));
    await response.arrayBuffer();
    const logs = await app.db().downloadLog.findMany({ where: { order: { sessionId } }, select: { productId: true, userId: true, ip: true } });
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.userId === owner.id && l.ip === clientIp)).toBe(true);
    expect(logs.filter((l) => l.productId === poster.id)).toHaveLength(2);
  });

  it('shares the download rate limit: over it, 429 in the error shape', async () => {
    await clearLimits();
    const sessionId = await paidOrder([pack.id]);
    for (let i = 0; i < app.RATE_LIMITS.download.limit; i++) await app.enforceRateLimit(app.RATE_LIMITS.download, clientIp);
    const response = await callRoute(sessionId);
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'rate_limited' });
    await clearLimits();
  });
});
