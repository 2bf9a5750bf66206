// File versions and update emails (Decision 68) in test payment mode, on real
// Postgres, real S3 buckets and a real SMTP server: earlier buyers get the
// newest version by default and keep the one they bought, new buyers get only
// the newest, file_index keeps its slot, and "Email buyers about this update"
// reaches every buyer (bundle buyers too) exactly once.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../scripts/lib/mail-catcher';
import { createFixtures } from '../support/fixtures';
import { queuedJobs } from '../support/jobs';
import { unzip } from '../support/unzip';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Versions');
const clientIp = `10.33.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const mailDir = mkdtempSync(join(tmpdir(), 'versions-mail-'));
let mail: MailCatcher;

async function loadApp() {
  const [checkout, orders, refunds, downloads, storage, db, sessions, admin, jobs, handlers, fileUpdates, catalog, contract, catalogContract] =
    await Promise.all([
      import('@/lib/domain/checkout'),
      import('@/lib/domain/orders'),
      import('@/lib/domain/refunds'),
      import('@/lib/domain/downloads'),
      import('@/lib/infra/storage'),
      import('@/lib/infra/db'),
      import('@/lib/http/session'),
      import('@/lib/domain/admin'),
      import('@/lib/domain/jobs'),
      import('@/lib/domain/background-work'),
      import('@/lib/domain/file-updates'),
      import('@/lib/domain/catalog'),
      import('@/lib/contract/orders'),
      import('@/lib/contract/file-versions'),
    ]);
  const routes = await Promise.all([
    import('@/app/api/products/[id]/files/[fileId]/notify/route'),
    import('@/app/api/products/[id]/file-history/route'),
    import('@/app/api/download/[sessionId]/[productId]/route'),
    import('@/app/api/orders/[userId]/route'),
  ]);
  return {
    ...checkout,
    ...orders,
    ...refunds,
    ...downloads,
    ...storage,
    ...fileUpdates,
    addFileVersion: catalog.addFileVersion,
    db: db.db,
    issueSessionToken: sessions.issueSessionToken,
    adminLogin: admin.adminLogin,
    runDueJobs: jobs.runDueJobs,
    stopJobWorker: jobs.stopJobWorker,
    registerJobHandlers: handlers.registerJobHandlers,
    contract: { ...contract, ...catalogContract },
    routes: { notify: routes[0].POST, history: routes[1].GET, download: routes[2].GET, orders: routes[3].GET },
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let adminToken: string;
const admin = () => ({ authorization: `Bearer ${adminToken}`, origin: SITE_URL });

const text = (label: string) => Buffer.from(`${label} ${randomBytes(16).toString('hex')}\n`);

async function storeFile(name: string) {
  const storageKey = `it-versions/${fx.suffix}/${randomBytes(6).toString('hex')}-${name}`;
  const body = text(name);
  await app.putObject('private', storageKey, body, 'text/plain');
  return { file: { storageKey, originalFilename: name, contentType: 'text/plain' }, body };
}

async function paidOrder(productIds: string[], email: string, user: { id: string } | null = null) {
  const result = await app.createCheckout({ productIds, userId: user?.id ?? null, customerEmail: email, siteUrl: SITE_URL });
  await app.completeTestPayment(result.sessionId, email);
  return result.sessionId;
}

/** The domain call the route makes (the route's multipart and cache expiry are tried against the built shop, tests/api). */
async function replaceFile(productId: string, fileId: string, name: string, body: Buffer) {
  async function* one() {
    yield {
      name,
      type: 'text/plain',
      chunks: (async function* () {
        yield new Uint8Array(body);
      })(),
    };
  }
  return app.addFileVersion('admin', productId, fileId, one());
}

const notify = (productId: string, fileId: string) =>
  app.routes.notify(new Request(`${SITE_URL}/api/products/${productId}/files/${fileId}/notify`, { method: 'POST', headers: admin() }), {
    params: Promise.resolve({ id: productId, fileId }),
  });

async function download(sessionId: string, productId: string, query: string, token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await app.routes.download(new Request(`${SITE_URL}/api/download/${sessionId}/${productId}?${query}`, { headers }), {
    params: Promise.resolve({ sessionId, productId }),
  });
  if (response.status !== 302) return { status: response.status, body: null };
  const file = await fetch(response.headers.get('location') as string);
  return { status: response.status, body: Buffer.from(await file.arrayBuffer()) };
}

function caughtMails(): CaughtMail[] {
  return readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as CaughtMail);
}
const updateMailsTo = (email: string) => caughtMails().filter((m) => m.to.includes(email) && m.subject.startsWith('Updated file:'));

let product: { id: string; title: string };
let bundle: { id: string };
let original: { a: Awaited<ReturnType<typeof storeFile>>; b: Awaited<ReturnType<typeof storeFile>> };
let firstIds: { a: string; b: string };
let owner: { id: string; email: string; name: string };
let ownerSession: string;
let bundleSession: string;
let newVersion: { id: string; body: Buffer };
const bundleBuyer = `bundle-${fx.suffix}@example.com`;

beforeAll(async () => {
  mail = await startMailCatcher({ dir: mailDir });
  process.env.SMTP_URL = mail.url;
  app = await loadApp();
  await app.ensureBuckets();
  app.registerJobHandlers();
  const session = await app.adminLogin('admin', 'admin');
  if (!session) throw new Error('admin login failed');
  adminToken = session.token;
  original = { a: await storeFile('pattern.pdf'), b: await storeFile('readme.txt') };
  product = await fx.product({ priceCents: 1500, files: [original.a.file, original.b.file] });
  bundle = await fx.product({ priceCents: 3000, isBundle: true, bundleOf: [product.id] });
  const files = await app.db().productFile.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } });
  firstIds = { a: files[0].id, b: files[1].id };
  owner = await fx.user();
  ownerSession = await paidOrder([product.id], owner.email, owner);
  bundleSession = await paidOrder([bundle.id], bundleBuyer);
  // A second order by the same buyer, and a buyer of something else: neither adds an email.
  await paidOrder([product.id], owner.email.toUpperCase());
  const other = await fx.product({ priceCents: 900, files: [(await storeFile('other.txt')).file] });
  await paidOrder([other.id], `other-${fx.suffix}@example.com`);
  // A buyer whose order was refunded no longer has the file (Decision 067), so hears of no update.
  await app.refundOrder({ actor: 'admin', sessionId: await paidOrder([product.id], `refunded-${fx.suffix}@example.com`) });
});

afterAll(async () => {
  await app.stopJobWorker();
  await mail.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('replacing a file with a new version', () => {
  it('stores the new version in the old one’s slot and marks the old one superseded, not removed', async () => {
    const body = text('pattern v2');
    const created = await replaceFile(product.id, firstIds.a, 'pattern-v2.pdf', body);
    expect(created).toMatchObject({ originalFilename: 'pattern-v2.pdf', version: 2 });
    newVersion = { id: created.id, body };

    const old = await app.db().productFile.findUniqueOrThrow({ where: { id: firstIds.a } });
    const row = await app.db().productFile.findUniqueOrThrow({ where: { id: created.id } });
    expect(old.supersededAt).toBeInstanceOf(Date);
    expect(old.removedAt).toBeNull();
    expect(row).toMatchObject({ position: old.position, lineageId: firstIds.a, version: 2 });
    // Earlier buyers exist, so the old bytes stay stored.
    expect(await app.getObject('private', old.storageKey)).not.toBeNull();
    expect(await app.db().auditLog.count({ where: { action: 'product.files.version', target: product.id } })).toBe(1);
  });

  it('gives an earlier buyer the newest version by default, by file_index (same slot) and by the old link’s id', async () => {
    const token = app.issueSessionToken(owner);
    const byIndex = await download(ownerSession, product.id, 'file_index=0', await token);
    expect(byIndex.body?.equals(newVersion.body)).toBe(true);
    // The other slot did not move.
    expect((await download(ownerSession, product.id, 'file_index=1', await token)).body?.equals(original.b.body)).toBe(true);
    expect((await download(ownerSession, product.id, `file_id=${newVersion.id}`, await token)).body?.equals(newVersion.body)).toBe(true);
    // The version they bought stays theirs, by its own id.
    expect((await download(ownerSession, product.id, `file_id=${firstIds.a}`, await token)).body?.equals(original.a.body)).toBe(true);
    // Bundle buyers too.
    expect((await download(bundleSession, bundle.id, 'file_index=0')).body?.equals(newVersion.body)).toBe(true);
    expect((await download(bundleSession, bundle.id, `file_id=${firstIds.a}`)).body?.equals(original.a.body)).toBe(true);
  });

  it('lists the update in My Orders: same slots, "updated_at" and the earlier version', async () => {
    const response = await app.routes.orders(
      new Request(`${SITE_URL}/api/orders/${owner.id}`, { headers: { authorization: `Bearer ${await app.issueSessionToken(owner)}` } }),
      { params: Promise.resolve({ userId: owner.id }) },
    );
    const { orders } = app.contract.customerOrdersResponse.parse(await response.json());
    const line = orders.find((o) => o.session_id === ownerSession)?.products[0];
    expect(line?.original_filenames).toEqual(['pattern-v2.pdf', 'readme.txt']);
    expect(line?.files[0]).toMatchObject({
      index: 0,
      id: newVersion.id,
      version: 2,
      earlier_versions: [{ id: firstIds.a, filename: 'pattern.pdf', version: 1 }],
    });
    expect(line?.files[0].updated_at).not.toBeNull();
    expect(line?.files[0].earlier_versions[0].file_path).toContain(`file_id=${firstIds.a}`);
    expect(line?.files[1]).toMatchObject({ index: 1, id: firstIds.b, updated_at: null, earlier_versions: [] });
  });

  it('puts the newest version of each file in the ZIP', async () => {
    const archive = await app.createOrderArchive({ sessionId: ownerSession, userId: owner.id, ip: clientIp });
    const entries = await unzip(Buffer.from(await new Response(archive.body).arrayBuffer()));
    const names = entries.map((e) => e.name.split('/').pop()).sort();
    expect(names).toEqual(['pattern-v2.pdf', 'readme.txt']);
    expect(entries.find((e) => e.name.endsWith('pattern-v2.pdf'))?.body.equals(newVersion.body)).toBe(true);
  });

  it('gives a new buyer only the newest version: the old id is "not found" as any file they did not buy', async () => {
    const late = `late-${fx.suffix}@example.com`;
    const lateSession = await paidOrder([product.id], late);
    expect((await download(lateSession, product.id, 'file_index=0')).body?.equals(newVersion.body)).toBe(true);
    const old = await download(lateSession, product.id, `file_id=${firstIds.a}`);
    const unrelated = await download(lateSession, product.id, 'file_id=zzunknownfile');
    expect(old.status).toBe(404);
    expect(old.status).toBe(unrelated.status);
    const files = (await app.filesForProducts([product.id], new Date())).get(product.id) ?? [];
    expect(files.map((f) => [f.id, f.earlierVersions.length])).toEqual([
      [newVersion.id, 0],
      [firstIds.b, 0],
    ]);
  });

  it('refuses to replace a superseded version (409)', async () => {
    await expect(replaceFile(product.id, firstIds.a, 'again.pdf', text('again'))).rejects.toMatchObject({ code: 'conflict' });
    expect(await app.db().productFile.count({ where: { lineageId: firstIds.a } })).toBe(1);
  });
});

describe('Email buyers about this update', () => {
  it('queues one durable job per distinct buyer, bundle buyers included, and sends each exactly one email', async () => {
    const response = await notify(product.id, newVersion.id);
    expect(response.status).toBe(202);
    // The owner (two orders), the bundle buyer and the buyer who ordered after the update.
    expect(app.contract.updateEmailsResponse.parse(await response.json())).toEqual({ queued: 3 });
    const jobs = await queuedJobs(app.FILE_UPDATE_EMAIL_JOB);
    expect(jobs.map((j) => j.state)).toEqual(['created', 'created', 'created']);

    await app.runDueJobs();
    expect((await queuedJobs(app.FILE_UPDATE_EMAIL_JOB)).map((j) => j.state)).toEqual(['completed', 'completed', 'completed']);
    for (const email of [owner.email, bundleBuyer, `late-${fx.suffix}@example.com`]) {
      const mails = updateMailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('pattern-v2.pdf');
      expect(mails[0].text).toContain(`${SITE_URL}/success?session_id=`);
    }
    expect(updateMailsTo(`other-${fx.suffix}@example.com`)).toHaveLength(0);
    expect(updateMailsTo(`refunded-${fx.suffix}@example.com`)).toHaveLength(0);
    expect(await app.db().emailLog.count({ where: { kind: 'file_update', status: 'sent' } })).toBe(3);
    // The bundle buyer's link is their bundle order's page.
    expect(updateMailsTo(bundleBuyer)[0].text).toContain(`session_id=${bundleSession}`);
  });

  it('sends nothing more when a job runs again or the button is pressed again (409)', async () => {
    const rows = await app.db().fileUpdateEmail.findMany();
    for (const row of rows) await app.sendFileUpdateEmail(row.id);
    const again = await notify(product.id, newVersion.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ detail: 'Buyers were already emailed about this version', code: 'conflict' });
    await app.runDueJobs();
    expect(caughtMails().filter((m) => m.subject.startsWith('Updated file:'))).toHaveLength(3);
    expect(await queuedJobs(app.FILE_UPDATE_EMAIL_JOB)).toHaveLength(3);
  });

  it('logs the versions and the emails on the product', async () => {
    const response = await app.routes.history(new Request(`${SITE_URL}/api/products/${product.id}/file-history`, { headers: admin() }), {
      params: Promise.resolve({ id: product.id }),
    });
    const { files } = app.contract.fileHistoryResponse.parse(await response.json());
    expect(files[0]).toMatchObject({
      id: newVersion.id,
      version: 2,
      earlier_versions: [{ id: firstIds.a, version: 1 }],
      update_emails: [{ recipients: 3, sent: 3, sent_by: 'admin' }],
    });
    expect(files[1]).toMatchObject({ id: firstIds.b, version: 1, earlier_versions: [], update_emails: [] });
    expect(await app.db().auditLog.count({ where: { action: 'product.files.notify', target: product.id } })).toBe(1);
  });

  it('refuses a file that was never updated (409) and one of another product (404)', async () => {
    expect((await notify(product.id, firstIds.b)).status).toBe(409);
    expect((await notify(bundle.id, newVersion.id)).status).toBe(404);
  });
});
