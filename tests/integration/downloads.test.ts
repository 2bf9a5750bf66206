// Downloads against real Postgres and a real S3-protocol server: who may
// download what, the presigned URL the shop hands out, and the route's HTTP shape.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Dl');
const clientIp = `10.30.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [downloads, checkout, orders, storage, errors, db, route, sessions] = await Promise.all([
    import('@/lib/domain/downloads'),
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/infra/storage'),
    import('@/lib/domain/errors'),
    import('@/lib/infra/db'),
    import('@/app/api/download/[sessionId]/[productId]/route'),
    import('@/lib/http/session'),
  ]);
  return {
    ...downloads,
    ...checkout,
    ...orders,
    ...storage,
    issueSessionToken: sessions.issueSessionToken,
    AppError: errors.AppError,
    db: db.db,
    downloadRoute: route.GET,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;
const bytes = (label: string) => Buffer.from(`${label} ${randomBytes(24).toString('hex')}\n`);
const key = (name: string) => `it-downloads/${fx.suffix}/${name}`;
const stored: Record<string, Buffer> = {};

let single: { id: string };
let twoFiles: { id: string };
let bundled: { a: { id: string }; b: { id: string }; bundle: { id: string } };
let unrelated: { id: string };

async function storeFile(name: string, contentType: string) {
  const body = bytes(name);
  stored[name] = body;
  await app.putObject('private', key(name), body, contentType);
  return { storageKey: key(name), originalFilename: name, contentType };
}

/** A guest order, paid through test payment mode. */
async function paidOrder(productIds: string[], userId: string | null = null) {
  const result = await app.createCheckout({ productIds, userId, customerEmail: userId ? `${userId}@example.com` : null, siteUrl: SITE_URL });
  await app.completeTestPayment(result.sessionId, 'buyer@example.com');
  return result.sessionId;
}

const request = (sessionId: string, productId: string, fileIndex = 0, userId: string | null = null) => ({
  sessionId,
  productId,
  fileIndex,
  userId,
  ip: clientIp,
});

async function download(url: string) {
  const response = await fetch(url);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

async function expectNotFound(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(app.AppError);
  expect(error).toMatchObject({ code: 'not_found', message: 'File not found' });
}

async function logCount(sessionId: string) {
  return app.db().downloadLog.count({ where: { order: { sessionId } } });
}

function callRoute(sessionId: string, productId: string, query = '', token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return app.downloadRoute(new Request(`${SITE_URL}/api/download/${sessionId}/${productId}${query}`, { headers }), {
    params: Promise.resolve({ sessionId, productId }),
  });
}

const tokenFor = (user: { id: string; email: string; name: string }) => app.issueSessionToken(user);

beforeAll(async () => {
  app = await loadApp();
  await app.ensureBuckets();
  single = await fx.product({ priceCents: 500, files: [await storeFile('Poster A4.pdf', 'application/pdf')] });
  twoFiles = await fx.product({
    priceCents: 700,
    files: [await storeFile('Clip art.png', 'image/png'), await storeFile('Café Print.svg.zip', 'application/zip')],
  });
  const a = await fx.product({ priceCents: 300, files: [await storeFile('Bundle part A.png', 'image/png')] });
  const b = await fx.product({
    priceCents: 300,
    files: [await storeFile('Bundle part B1.png', 'image/png'), await storeFile('Bundle part B2.png', 'image/png')],
  });
  const bundle = await fx.product({ priceCents: 450, isBundle: true, bundleOf: [b.id, a.id], files: [await storeFile('Bundle guide.pdf', 'application/pdf')] });
  bundled = { a, b, bundle };
  unrelated = await fx.product({ priceCents: 100, files: [await storeFile('Not yours.pdf', 'application/pdf')] });
});

describe('downloading a purchased file', () => {
  it('hands out a URL that downloads the bytes as an attachment with the original filename', async () => {
    const sessionId = await paidOrder([single.id, twoFiles.id]);
    const url = await app.createDownloadUrl(request(sessionId, single.id));
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(app.DOWNLOAD_URL_TTL_SECONDS));

    const { response, body } = await download(url);
    expect(response.status).toBe(200);
    expect(body.equals(stored['Poster A4.pdf'])).toBe(true);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Poster A4.pdf"; filename*=UTF-8''Poster%20A4.pdf`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves each file of a product by index, keeping non-ASCII names', async () => {
    const sessionId = await paidOrder([twoFiles.id]);
    const first = await download(await app.createDownloadUrl(request(sessionId, twoFiles.id, 0)));
    expect(first.body.equals(stored['Clip art.png'])).toBe(true);
    const second = await download(await app.createDownloadUrl(request(sessionId, twoFiles.id, 1)));
    expect(second.body.equals(stored['Café Print.svg.zip'])).toBe(true);
    const disposition = second.response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Café Print.svg.zip')}`);
    expect(disposition).toContain('filename="Caf_ Print.svg.zip"');
  });

  it('gives a bundle its own files first, then its products’ files in bundle order', async () => {
    const sessionId = await paidOrder([bundled.bundle.id]);
    const expected = ['Bundle guide.pdf', 'Bundle part B1.png', 'Bundle part B2.png', 'Bundle part A.png'];
    for (const [index, name] of expected.entries()) {
      const { response, body } = await download(await app.createDownloadUrl(request(sessionId, bundled.bundle.id, index)));
      expect(response.headers.get('content-disposition'), name).toContain(`filename="${name}"`);
      expect(body.equals(stored[name]), name).toBe(true);
    }
    await expectNotFound(app.createDownloadUrl(request(sessionId, bundled.bundle.id, expected.length)));
    // Buying the bundle is not buying its parts as separate order lines.
    await expectNotFound(app.createDownloadUrl(request(sessionId, bundled.a.id)));
  });

  it('logs every successful download and nothing else', async () => {
    const sessionId = await paidOrder([twoFiles.id]);
    expect(await logCount(sessionId)).toBe(0);
    await app.createDownloadUrl(request(sessionId, twoFiles.id, 0));
    await app.createDownloadUrl(request(sessionId, twoFiles.id, 1));
    await app.createDownloadUrl(request(sessionId, twoFiles.id, 1));
    await expectNotFound(app.createDownloadUrl(request(sessionId, twoFiles.id, 2)));
    const logs = await app.db().downloadLog.findMany({ where: { order: { sessionId } }, include: { file: true }, orderBy: { createdAt: 'asc' } });
    expect(logs.map((l) => [l.productId, l.file.originalFilename, l.ip])).toEqual([
      [twoFiles.id, 'Clip art.png', clientIp],
      [twoFiles.id, 'Café Print.svg.zip', clientIp],
      [twoFiles.id, 'Café Print.svg.zip', clientIp],
    ]);
  });

  it('lets a presigned URL expire at the storage server', async () => {
    const url = await app.presignDownload(key('Poster A4.pdf'), 'Poster A4.pdf', 1);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const { response, body } = await download(url);
    expect(response.status).toBe(403);
    expect(body.toString('utf8')).toContain('Request has expired');
  });

  it('never presigns for longer than 300 seconds', async () => {
    const url = await app.presignDownload(key('Poster A4.pdf'), 'Poster A4.pdf', 86_400);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
  });
});

describe('refusing downloads', () => {
  it('refuses a file index past the last file', async () => {
    const sessionId = await paidOrder([single.id]);
    await expectNotFound(app.createDownloadUrl(request(sessionId, single.id, 1)));
    await expectNotFound(app.createDownloadUrl(request(sessionId, single.id, 999)));
  });

  it('refuses a product that is not in the paid order, or does not exist', async () => {
    const sessionId = await paidOrder([single.id]);
    await expectNotFound(app.createDownloadUrl(request(sessionId, unrelated.id)));
    await expectNotFound(app.createDownloadUrl(request(sessionId, 'nosuchproduct0000')));
    await expectNotFound(app.createDownloadUrl(request('cs_test_nosuchsession000000000000', single.id)));
  });

  it('refuses an order that is not paid', async () => {
    const open = await app.createCheckout({ productIds: [single.id], userId: null, customerEmail: null, siteUrl: SITE_URL });
    await expectNotFound(app.createDownloadUrl(request(open.sessionId, single.id)));
    await app.cancelTestPayment(open.sessionId);
    await expectNotFound(app.createDownloadUrl(request(open.sessionId, single.id)));
    expect(await logCount(open.sessionId)).toBe(0);
  });

  it("refuses an account's order to anyone but that account", async () => {
    const owner = await fx.user();
    const other = await fx.user();
    const sessionId = await paidOrder([single.id], owner.id);
    await expectNotFound(app.createDownloadUrl(request(sessionId, single.id, 0, other.id)));
    await expectNotFound(app.createDownloadUrl(request(sessionId, single.id, 0, null)));
    const { body } = await download(await app.createDownloadUrl(request(sessionId, single.id, 0, owner.id)));
    expect(body.equals(stored['Poster A4.pdf'])).toBe(true);
    expect(await logCount(sessionId)).toBe(1);
  });

  it("stops a member's $0 order working once the membership has ended", async () => {
    const member = await fx.user({ membershipEndsAt: new Date(Date.now() + 86_400_000) });
    const result = await app.createCheckout({ productIds: [single.id], userId: member.id, customerEmail: member.email, siteUrl: SITE_URL });
    expect(result.freeCheckout).toBe(true);
    expect((await app.db().order.findUniqueOrThrow({ where: { sessionId: result.sessionId } })).kind).toBe('member');
    const { body } = await download(await app.createDownloadUrl(request(result.sessionId, single.id, 0, member.id)));
    expect(body.equals(stored['Poster A4.pdf'])).toBe(true);

    await app.db().membership.update({ where: { userId: member.id }, data: { currentPeriodEnd: new Date(Date.now() - 1000) } });
    const error = await app.createDownloadUrl(request(result.sessionId, single.id, 0, member.id)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(app.AppError);
    expect(error).toMatchObject({ code: 'forbidden', message: 'Downloads from member checkouts need an active membership' });
    expect(await logCount(result.sessionId)).toBe(1);
  });

  it("keeps a paid order's files available after the membership ends", async () => {
    const member = await fx.user({ membershipEndsAt: new Date(Date.now() - 1000) });
    const sessionId = await paidOrder([single.id], member.id);
    const url = await app.createDownloadUrl(request(sessionId, single.id, 0, member.id));
    expect((await download(url)).response.status).toBe(200);
  });
});

describe('GET /api/download/{sessionId}/{productId}', () => {
  it('redirects to the presigned URL without caching or leaking it', async () => {
    const sessionId = await paidOrder([twoFiles.id]);
    const response = await callRoute(sessionId, twoFiles.id, '?file_index=1');
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const location = response.headers.get('location') as string;
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const { body } = await download(location);
    expect(body.equals(stored['Café Print.svg.zip'])).toBe(true);
    expect(new URL(location).searchParams.get('response-content-disposition')).toContain('filename="Café Print.svg.zip"'.replace('é', '_'));
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    // Without file_index the first file is meant.
    const first = (await callRoute(sessionId, twoFiles.id)).headers.get('location') as string;
    expect(new URL(first).searchParams.get('response-content-disposition')).toContain('filename="Clip art.png"');
  });

  it('answers 400 in the error shape for malformed parameters', async () => {
    const sessionId = await paidOrder([single.id]);
    for (const [session, product, query] of [
      ['short', single.id, ''],
      [sessionId, 'bad..id', ''],
      [`${sessionId}%2F..`, single.id, ''],
      [sessionId, single.id, '?file_index=-1'],
      [sessionId, single.id, '?file_index=abc'],
    ]) {
      const response = await callRoute(session, product, query);
      expect(response.status, `${session} ${product} ${query}`).toBe(400);
      const body = (await response.json()) as { detail: string; code: string };
      expect(body.code).toBe('invalid_request');
      expect(typeof body.detail).toBe('string');
    }
  });

  it('answers 404 in the error shape when there is nothing to download', async () => {
    const sessionId = await paidOrder([single.id]);
    for (const [session, product, query] of [
      [sessionId, single.id, '?file_index=5'],
      [sessionId, unrelated.id, ''],
      ['cs_test_nosuchsession000000000000', single.id, ''],
    ]) {
      const response = await callRoute(session, product, query);
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.json()).toEqual({ detail: 'File not found', code: 'not_found' });
    }
  });

  it("serves an account's order only to that account's session", async () => {
    const owner = await fx.user();
    const other = await fx.user();
    const sessionId = await paidOrder([single.id], owner.id);
    const anonymous = await callRoute(sessionId, single.id);
    expect(anonymous.status).toBe(404);
    const stranger = await callRoute(sessionId, single.id, '', await tokenFor(other));
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ detail: 'File not found', code: 'not_found' });
    const own = await callRoute(sessionId, single.id, '', await tokenFor(owner));
    expect(own.status).toBe(302);
    expect((await download(own.headers.get('location') as string)).body.equals(stored['Poster A4.pdf'])).toBe(true);
  });
});
