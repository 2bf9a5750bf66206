// Newsletters and the abandoned checkout email over HTTP against the built
// shop, read from the run's real SMTP catcher (Decision 096): a test send to
// the signed-in member's own address, a segment send to consenting customers
// only with its progress, and the recovery email sent by the shop's own worker
// whose link restores the cart. Every answer is parsed with its contract.
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productResponse } from '@/lib/contract/catalog';
import { categoryWriteResponse } from '@/lib/contract/catalog';
import { checkoutSessionResponse } from '@/lib/contract/checkout';
import { discountCodeResponse } from '@/lib/contract/discounts';
import {
  abandonedCheckoutSettingsSchema,
  cartRestoreResponse,
  newsletterPreviewResponse,
  newsletterProgressResponse,
  newsletterResponse,
  newsletterTestResponse,
} from '@/lib/contract/newsletters';
import { createFreeProduct } from '../support/free-product';
import { waitForMail } from '../support/mail';
import { inviteStaffMember, type StaffMember } from '../support/staff-http';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, sql, unique, type Customer } from '../security/helpers';
import { expectShape, SHOP_URL } from './helpers';

// The job name of lib/domain/abandoned-checkouts (its cron queues it every 10 minutes).
const ABANDONED_CHECKOUT_JOB = 'abandoned-checkout-emails';
const PATH = '/api/admin/newsletters';

let owner: Record<string, string>;
let manager: StaffMember;
let product: z.infer<typeof productResponse>;

const consent = (customer: Customer) =>
  sql(`INSERT INTO "EmailPreference" ("userId", category, subscribed, source, "updatedAt") VALUES ($1, 'newsletter', true, 'registration', now())`, [
    customer.id,
  ]);

async function createDraft(subject: string, auth = manager.auth) {
  const res = await call('POST', PATH, {
    headers: auth,
    json: { subject, markdown: `# ${subject}\n\nNew **designs** this week.`, featured_product_ids: [product.id] },
  });
  expect(res.status, res.text).toBe(201);
  return expectShape(newsletterResponse, res.body);
}

/** Queues the cron job now, as its schedule would; the shop's worker runs it. */
async function runRecoveryJobNow() {
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
  await boss.start();
  try {
    expect(await boss.send(ABANDONED_CHECKOUT_JOB, {})).not.toBeNull();
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

beforeAll(async () => {
  owner = { authorization: `Bearer ${await adminToken()}` };
  manager = await inviteStaffMember(owner, 'manager', 'newsletter');
  [product] = expectShape(z.array(productResponse), (await call('GET', '/api/products?limit=1')).body);
});

afterAll(async () => {
  await clearRateLimits('register', 'checkout');
  await closeDb();
});

describe('a newsletter', () => {
  it('previews as sanitised HTML with product cards, and sends a test to the signed-in member', async () => {
    const draft = await createDraft(`Test send ${unique()}`);
    const preview = expectShape(newsletterPreviewResponse, (await call('GET', `${PATH}/${draft.id}/preview`, { headers: manager.auth })).body);
    expect(preview.html).toContain('<strong>designs</strong>');
    expect(preview.html).toContain(`/product/${product.id}`);
    expect(preview.text).toContain(`${product.title}: `);

    const sent = await call('POST', `${PATH}/${draft.id}/test`, { headers: manager.auth });
    expect(sent.status, sent.text).toBe(200);
    expect(expectShape(newsletterTestResponse, sent.body).sent_to).toBe(manager.email);
    const mail = await waitForMail(manager.email, 30_000, `[Test] ${draft.subject}`);
    expect(mail.html).toContain('<strong>designs</strong>');
    expect(mail.text).toContain('Unsubscribe: ');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('goes to the consenting customers of a segment only, and shows its progress', async () => {
    const [reader, silent] = [await registerCustomer('nl-reader'), await registerCustomer('nl-silent')];
    await consent(reader);
    const draft = await createDraft(`Segment ${unique()}`);
    const started = await call('POST', `${PATH}/${draft.id}/send`, { headers: manager.auth, json: { segment: 'never_bought' } });
    expect(started.status, started.text).toBe(202);
    expect(expectShape(newsletterResponse, started.body)).toMatchObject({ status: 'sending', segment: 'never_bought' });

    const mail = await waitForMail(reader.email, 30_000, draft.subject);
    expect(mail.text).toContain('New **designs** this week.');
    const recipients = await sql<{ email: string }>(`SELECT email FROM "NewsletterDelivery" WHERE "newsletterId" = $1`, [draft.id]);
    expect(recipients.map((r) => r.email)).toContain(reader.email);
    expect(recipients.map((r) => r.email)).not.toContain(silent.email);

    let progress = expectShape(newsletterProgressResponse, (await call('GET', `${PATH}/${draft.id}/progress`, { headers: manager.auth })).body);
    for (let tries = 0; progress.queued > 0 && tries < 60; tries++) {
      await new Promise((r) => setTimeout(r, 500));
      progress = expectShape(newsletterProgressResponse, (await call('GET', `${PATH}/${draft.id}/progress`, { headers: manager.auth })).body);
    }
    expect(progress).toMatchObject({ queued: 0, failed: 0, total: recipients.length, sent: recipients.length });

    expectErrorShape(await call('POST', `${PATH}/${draft.id}/send`, { headers: manager.auth, json: { segment: 'all' } }), 409);
    expectErrorShape(await call('PUT', `${PATH}/${draft.id}`, { headers: manager.auth, json: { subject: 'x', markdown: 'y' } }), 409);
  });

  it('refuses an unknown segment or category, an unknown newsletter and a product not in the shop', async () => {
    const draft = await createDraft(`Refusals ${unique()}`);
    expectErrorShape(await call('POST', `${PATH}/${draft.id}/send`, { headers: manager.auth, json: { segment: 'everyone' } }), 400);
    expectErrorShape(await call('POST', `${PATH}/${draft.id}/send`, { headers: manager.auth, json: { segment: 'category:No such category' } }), 400);
    expectErrorShape(await call('GET', `${PATH}/nosuchnewsletter0`, { headers: manager.auth }), 404);
    expectErrorShape(await call('POST', PATH, { headers: manager.auth, json: { subject: 'x', markdown: 'y', featured_product_ids: ['nosuchproduct0'] } }), 400);
    expect((await sql(`SELECT 1 FROM "NewsletterDelivery" WHERE "newsletterId" = $1`, [draft.id])).length).toBe(0);
  });
});

describe("a guest's consent (Decision 097)", () => {
  /** A newsletter to a segment, sent and waited for; its delivery rows. */
  async function sendToSegment(segment: string) {
    const draft = await createDraft(`Guests ${unique()}`);
    const started = await call('POST', `${PATH}/${draft.id}/send`, { headers: manager.auth, json: { segment } });
    expect(started.status, started.text).toBe(202);
    let progress = expectShape(newsletterProgressResponse, (await call('GET', `${PATH}/${draft.id}/progress`, { headers: manager.auth })).body);
    for (let tries = 0; progress.queued > 0 && tries < 60; tries++) {
      await new Promise((r) => setTimeout(r, 500));
      progress = expectShape(newsletterProgressResponse, (await call('GET', `${PATH}/${draft.id}/progress`, { headers: manager.auth })).body);
    }
    expect(progress.queued).toBe(0);
    const rows = await sql<{ email: string; userId: string | null; status: string }>(
      `SELECT email, "userId", status::text FROM "NewsletterDelivery" WHERE "newsletterId" = $1`,
      [draft.id],
    );
    return { draft, rows };
  }

  it('reaches a guest who ticked the box at checkout, by address, and their link unsubscribes them at once', async () => {
    // A category of its own, so the segment holds this guest alone; removed after, with its
    // product, so suites that read every category (all seeded with an image) never meet it.
    const name = `Guest mail ${unique()}`;
    const made = await call('POST', '/api/categories', { headers: owner, json: { name, subcategories: [] } });
    expect(made.status, made.text).toBe(201);
    const category = expectShape(categoryWriteResponse, made.body);
    const productId = await createFreeProduct(SHOP_URL, `Guest mail kit ${unique()}`, { price: '7', category: name });
    try {
      await guestReceivesAndUnsubscribes(name, productId);
    } finally {
      expect((await call('DELETE', `/api/products/${productId}`, { headers: owner })).status).toBe(200);
      expect((await call('DELETE', `/api/categories/${category.id}`, { headers: owner })).status).toBe(200);
    }
  });

  async function guestReceivesAndUnsubscribes(name: string, productId: string) {
    const email = `nl-guest-${unique()}@example.com`;
    const checkout = await call('POST', '/api/checkout/session', { json: { items: [{ product_id: productId }], marketing_consent: true } });
    expect(checkout.status, checkout.text).toBe(200);
    const { session_id } = expectShape(checkoutSessionResponse, checkout.body);
    expect((await call('POST', `/api/checkout/test/${session_id}/complete`, { json: { email } })).status).toBe(200);

    const first = await sendToSegment(`category:${name}`);
    expect(first.rows).toEqual([{ email, userId: null, status: 'sent' }]);
    const mail = await waitForMail(email, 30_000, first.draft.subject);
    expect(mail.text).toContain('because you asked for it when you bought or downloaded from us');
    const token = decodeURIComponent(/\/unsubscribe\?token=(\S+)/.exec(mail.text)![1]);
    expect(token.startsWith('a1.')).toBe(true);
    expect(mail.headers['list-unsubscribe']).toContain(encodeURIComponent(token));

    // The page names the address masked, and changes nothing on GET.
    const page = await fetch(`${SHOP_URL}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await page.text()).toContain('n***@example.com');
    expect(await sendToSegment(`category:${name}`).then((r) => r.rows.map((row) => row.email))).toEqual([email]);

    // One click from the mail client, as RFC 8058 has it.
    const off = await call('POST', `/api/email/unsubscribe?token=${encodeURIComponent(token)}`, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(off.status, off.text).toBe(200);
    const [latest] = await sql<{ given: boolean; source: string; userId: string | null }>(
      `SELECT given, source, "userId" FROM "ConsentRecord" WHERE email = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 1`,
      [email],
    );
    expect(latest).toEqual({ given: false, source: 'one_click', userId: null });
    expect((await sendToSegment(`category:${name}`)).rows).toEqual([]);
  }

  it("follows the account's choice once the address has an account, so nobody is written to twice", async () => {
    const [reader, silent] = [await registerCustomer('nl-guest-account'), await registerCustomer('nl-guest-silent')];
    await consent(reader);
    // Both addresses also ticked the box as guests, before their accounts proved them (still unverified).
    for (const customer of [reader, silent])
      await sql(
        `INSERT INTO "ConsentRecord" (id, email, "userId", category, given, source, wording) VALUES ($1, $2, NULL, 'newsletter', true, 'guest_checkout', 'x')`,
        [`guest${customer.id}`, customer.email],
      );
    const { rows } = await sendToSegment('never_bought');
    expect(rows.filter((r) => r.email === reader.email)).toEqual([{ email: reader.email, userId: reader.id, status: 'sent' }]);
    // The account has not consented: its address's guest record waits for the account to prove it.
    expect(rows.filter((r) => r.email === silent.email)).toEqual([]);
  });
});

describe('the abandoned checkout email', () => {
  it('is sent by the shop worker to a consenting customer whose card checkout went unpaid, and its link restores the cart', async () => {
    const settings = await call('PUT', '/api/admin/settings/abandoned-checkout', {
      headers: manager.auth,
      json: { enabled: true, delay_hours: 1, discount_code_id: null },
    });
    expect(expectShape(abandonedCheckoutSettingsSchema, settings.body)).toEqual({ enabled: true, delay_hours: 1, discount_code_id: null });
    const shopper = await registerCustomer('nl-cart');
    await consent(shopper);
    const checkout = await call('POST', '/api/checkout/session', { headers: shopper.auth, json: [{ product_id: product.id }] });
    expect(checkout.status, checkout.text).toBe(200);
    const sessionId = expectShape(checkoutSessionResponse, checkout.body).session_id;
    // Opened two hours ago rather than waiting an hour.
    await sql(`UPDATE "Order" SET "createdAt" = now() - interval '2 hours' WHERE "sessionId" = $1`, [sessionId]);

    await runRecoveryJobNow();
    const mail = await waitForMail(shopper.email, 30_000, 'is waiting');
    expect(mail.text).toContain(product.title);
    const link = new URL(/(\S+\/cart\?restore=\S+)/.exec(mail.text)![1]);
    const restored = await call('GET', `/api/cart/restore?token=${encodeURIComponent(link.searchParams.get('restore')!)}`);
    expect(restored.status, restored.text).toBe(200);
    expect(expectShape(cartRestoreResponse, restored.body).items).toEqual([expect.objectContaining({ product_id: product.id, title: product.title })]);
    expect(restored.headers.get('cache-control')).toContain('no-store');
    expect(await sql(`SELECT 1 FROM "AbandonedCheckoutEmail" a JOIN "Order" o ON o.id = a."orderId" WHERE o."sessionId" = $1`, [sessionId])).toHaveLength(1);
  });

  it('refuses a membership code as the recovery code', async () => {
    // Made here: this file may run before (or without) any other that makes one.
    const made = await call('POST', '/api/admin/discounts', {
      headers: owner,
      json: { type: 'percentage', value: 20, applies_to: 'membership' },
    });
    expect(made.status, made.text).toBe(201);
    const promo = expectShape(discountCodeResponse, made.body);
    expect(promo.applies_to).toBe('membership');
    const res = await call('PUT', '/api/admin/settings/abandoned-checkout', {
      headers: manager.auth,
      json: { enabled: true, delay_hours: 1, discount_code_id: promo.id },
    });
    expectErrorShape(res, 400);
  });
});
