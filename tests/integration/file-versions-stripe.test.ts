// File versions and update emails with Stripe (Decision 68): an order paid
// through the SDK against the local stand-in and fulfilled by a genuinely
// signed webhook gets the newest version, keeps the one it bought, and its
// buyer is emailed once about the update.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { queuedJobs } from '../support/jobs';
import { startStripeStandInForShop, type StandInSession, type StripeStandIn } from '../support/stripe-stand-in';
import { signedWebhookRequest } from '../support/signed-webhook';

const SITE_URL = 'https://shop.example.test';
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
process.env.SITE_URL = SITE_URL;
// Emails land in the outbox table and the email log, where the test reads them.
delete process.env.SMTP_URL;

const fx = createFixtures('VersionsStripe');
const clientIp = `10.34.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [checkout, catalog, fileUpdates, downloads, storage, db, jobs, handlers, webhook] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/catalog'),
    import('@/lib/domain/file-updates'),
    import('@/lib/domain/downloads'),
    import('@/lib/infra/storage'),
    import('@/lib/infra/db'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/background-work'),
    import('@/app/api/webhooks/stripe/route'),
  ]);
  return {
    createCheckout: checkout.createCheckout,
    addFileVersion: catalog.addFileVersion,
    ...fileUpdates,
    ...downloads,
    ...storage,
    db: db.db,
    runDueJobs: jobs.runDueJobs,
    stopJobWorker: jobs.stopJobWorker,
    registerJobHandlers: handlers.registerJobHandlers,
    webhook: webhook.POST,
  };
}

let stripe: StripeStandIn;
let app: Awaited<ReturnType<typeof loadApp>>;

async function deliver(event: { id: string }) {
  const response = await app.webhook(signedWebhookRequest(SITE_URL, WEBHOOK_SECRET, event), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
}

async function stripePaidOrder(productIds: string[], email: string) {
  const result = await app.createCheckout({ productIds, userId: null, customerEmail: null, discountCode: null, siteUrl: SITE_URL });
  const session = stripe.sessions.get(result.sessionId) as StandInSession;
  await deliver(stripe.event('checkout.session.completed', stripe.markPaid(session.id, email)));
  return result.sessionId;
}

async function downloaded(sessionId: string, productId: string, fileId: string) {
  const url = await app.createDownloadUrl({ sessionId, productId, fileIndex: 0, fileId, userId: null, ip: clientIp });
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await loadApp();
  await app.ensureBuckets();
  app.registerJobHandlers();
});

afterAll(async () => {
  await app.stopJobWorker();
  await stripe?.close();
});

describe('with Stripe', () => {
  it('a webhook-fulfilled buyer gets the newest version, keeps the old one and is emailed once', async () => {
    const v1 = Buffer.from(`v1 ${randomBytes(8).toString('hex')}`);
    const v2 = Buffer.from(`v2 ${randomBytes(8).toString('hex')}`);
    const storageKey = `it-versions-stripe/${fx.suffix}/font.otf`;
    await app.putObject('private', storageKey, v1, 'font/otf');
    const product = await fx.product({ priceCents: 2500, files: [{ storageKey, originalFilename: 'font.otf' }] });
    const bundle = await fx.product({ priceCents: 4000, isBundle: true, bundleOf: [product.id] });
    const first = await app.db().productFile.findFirstOrThrow({ where: { productId: product.id } });
    const buyer = `stripe-${fx.suffix}@example.com`;
    const bundleBuyer = `stripe-bundle-${fx.suffix}@example.com`;
    const sessionId = await stripePaidOrder([product.id], buyer);
    const bundleSessionId = await stripePaidOrder([bundle.id], bundleBuyer);

    const created = await app.addFileVersion(
      'admin',
      product.id,
      first.id,
      (async function* () {
        yield {
          name: 'font-v2.otf',
          type: 'font/otf',
          chunks: (async function* () {
            yield new Uint8Array(v2);
          })(),
        };
      })(),
    );
    expect((await app.createOrderArchive({ sessionId, userId: null, ip: clientIp })).fileCount).toBe(1);
    expect((await downloaded(sessionId, product.id, created.id)).equals(v2)).toBe(true);
    expect((await downloaded(sessionId, product.id, first.id)).equals(v1)).toBe(true);
    expect((await downloaded(bundleSessionId, bundle.id, first.id)).equals(v1)).toBe(true);

    expect(await app.emailBuyersAboutUpdate('admin', product.id, created.id)).toEqual({ queued: 2 });
    await app.runDueJobs();
    await app.runDueJobs();
    expect((await queuedJobs(app.FILE_UPDATE_EMAIL_JOB)).map((j) => j.state)).toEqual(['completed', 'completed']);
    for (const email of [buyer, bundleBuyer]) {
      expect(await app.db().outboxEmail.count({ where: { to: email, subject: { startsWith: 'Updated file:' } } })).toBe(1);
      expect(await app.db().emailLog.count({ where: { recipientEmail: email, kind: 'file_update', status: 'sent' } })).toBe(1);
    }
    await expect(app.emailBuyersAboutUpdate('admin', product.id, created.id)).rejects.toMatchObject({ code: 'conflict' });
  });
});
