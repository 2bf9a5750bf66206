// The shop's identity and pages on real Postgres (Decision 093): the migrated
// row holds the shipped values, saves are audited and kept whole, a page's
// Markdown reaches its HTML sanitised, and the configured name is what emails
// are sent under (read back from a real SMTP catcher) and what invoices print
// (read back with pdftotext).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../scripts/lib/mail-catcher';
import { createFixtures } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
process.env.EMAIL_FROM = 'Design Shop <orders@shop.test>';
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Identity');
const clientIp = `10.33.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const mailDir = mkdtempSync(join(tmpdir(), 'identity-mail-'));
let mail: MailCatcher;

async function loadApp() {
  const [shop, accounts, invoices, checkout, orders, db, route] = await Promise.all([
    import('@/lib/domain/shop-identity'),
    import('@/lib/domain/accounts'),
    import('@/lib/domain/invoices'),
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/infra/db'),
    import('@/app/api/orders/invoice/[sessionId]/route'),
  ]);
  return { ...shop, ...accounts, ...invoices, ...checkout, ...orders, db: db.db, invoiceRoute: route.GET };
}

let app: Awaited<ReturnType<typeof loadApp>>;

const caughtMails = (): CaughtMail[] =>
  readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as CaughtMail);

/** The invoice PDF of a freshly paid order, as pdftotext reads it. */
async function paidInvoiceText(): Promise<{ sessionId: string; text: string }> {
  const product = await fx.product({ priceCents: 1200 });
  const { sessionId } = await app.createCheckout({ productIds: [product.id], userId: null, customerEmail: 'guest@example.com', siteUrl: SITE_URL });
  await app.completeTestPayment(sessionId, 'guest@example.com');
  return { sessionId, text: await invoiceText(sessionId) };
}

async function invoiceText(sessionId: string): Promise<string> {
  await app.db().rateLimit.deleteMany({ where: { key: { endsWith: `:${clientIp}` } } });
  const response = await app.invoiceRoute(new Request(`${SITE_URL}/api/orders/invoice/${sessionId}`, { headers: { 'x-forwarded-for': clientIp } }), {
    params: Promise.resolve({ sessionId }),
  });
  expect(response.status).toBe(200);
  const file = join(mailDir, `${sessionId}.pdf`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const identityText = (name: string) => ({
  name,
  heroHeadline: 'Stickers for every planner',
  heroText: '',
  socialHandle: 'papermoon',
  contactEmail: 'hello@papermoon.test',
  footerLine: 'Made in Hobart.',
});

beforeAll(async () => {
  mail = await startMailCatcher({ dir: mailDir });
  process.env.SMTP_URL = mail.url;
  app = await loadApp();
});

afterAll(async () => {
  await mail.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('the identity row', () => {
  it('holds, as migrated, exactly the values the shop shipped with', async () => {
    expect(await app.getShopIdentity()).toEqual(app.DEFAULT_SHOP_IDENTITY);
  });

  it('saves the text whole with an audit row naming who saved it', async () => {
    const saved = await app.saveShopIdentity('owner', identityText(`Paper Moon ${fx.suffix}`));
    expect(saved).toMatchObject({ name: `Paper Moon ${fx.suffix}`, footerLine: 'Made in Hobart.', logoPath: null });
    expect(await app.getShopIdentity()).toEqual(saved);
    const audit = await app.db().auditLog.findFirst({ where: { action: 'settings.shop' }, orderBy: { createdAt: 'desc' } });
    expect(audit).toMatchObject({ actor: 'owner', details: expect.objectContaining({ name: `Paper Moon ${fx.suffix}` }) });
  });

  it('keeps the logo and hero when only the text is saved, and refuses an image that is not one (415)', async () => {
    await expect(app.setShopImage('owner', 'logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({
      code: 'unsupported_media_type',
    });
    expect((await app.getShopIdentity()).logoPath).toBeNull();
  });
});

describe('pages', () => {
  it('shows the built-in text until a page is saved, then the saved text', async () => {
    const before = await app.getShopPage('about');
    expect(before).toMatchObject({ customised: false, updatedAt: null, markdown: app.DEFAULT_PAGES.about });
    const saved = await app.saveShopPage('owner', 'about', '## Who we are\n\nTwo sisters in Hobart.');
    expect(saved).toMatchObject({ customised: true, markdown: '## Who we are\n\nTwo sisters in Hobart.' });
    expect((await app.renderShopPage('about')).html).toBe('<h2>Who we are</h2>\n<p>Two sisters in Hobart.</p>\n');
  });

  it('renders a saved page with a <script> in it with the script as text', async () => {
    await app.saveShopPage('owner', 'contact', '## Write to us\n\n<script>alert(document.cookie)</script>\n\n[x](javascript:alert(1))');
    const { html } = await app.renderShopPage('contact');
    expect(html).toContain('<h2>Write to us</h2>');
    expect(html).not.toMatch(/<script|href="javascript:/i);
  });
});

describe('the configured name outside the storefront', () => {
  it('is the sender name and the subject of the emails, at the address of EMAIL_FROM', async () => {
    const name = `Paper Moon ${fx.suffix}`;
    await app.saveShopIdentity('owner', identityText(name));
    const user = await fx.user();
    await app.sendVerificationEmail(user);
    const caught = caughtMails().find((m) => m.to.includes(user.email));
    expect(caught?.from).toBe(`"${name}" <orders@shop.test>`);
    expect(caught?.subject).toBe(`Confirm your email for ${name}`);
  });

  it('heads a new invoice without a legal name, and follows the legal name as "Trading as"', async () => {
    const name = `Paper Moon ${fx.suffix}`;
    await app.saveShopIdentity('owner', identityText(name));
    const plain = await paidInvoiceText();
    expect(plain.text).toContain(name);
    expect(plain.text).not.toContain('Pixel Press Studio');
    await app.saveBusinessDetails('owner', { name: 'Moon Holdings Pty Ltd', abn: '51 824 753 556', address: '1 Elizabeth St', email: '', gstRegistered: true });
    const traded = await paidInvoiceText();
    expect(traded.text).toContain('Moon Holdings Pty Ltd');
    expect(traded.text).toContain(`Trading as ${name}`);
  });

  it('keeps an issued invoice under the name it was issued with after a rename', async () => {
    await app.saveShopIdentity('owner', identityText(`Before ${fx.suffix}`));
    const { sessionId } = await paidInvoiceText();
    await app.saveShopIdentity('owner', identityText(`After ${fx.suffix}`));
    const again = await invoiceText(sessionId);
    expect(again).toContain(`Trading as Before ${fx.suffix}`);
    expect(again).not.toContain(`After ${fx.suffix}`);
  });
});
