// Issue #29 §2–§3 over HTTP against the built shop (Decision 095): consent
// given at registration and at guest checkout, recorded with its time, source
// and words; email preferences of the signed-in customer; and a $0 product
// claimed by email end to end, reading the shop's real emails from the SMTP
// catcher: one enumeration-safe answer, a link that proves the address, a
// normal order with licence and invoice, and the download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInResponse } from '@/lib/contract/accounts';
import { checkoutSessionResponse, checkoutStatusResponse } from '@/lib/contract/checkout';
import { freeDownloadConfirmResponse, freeDownloadRequestResponse } from '@/lib/contract/free-downloads';
import { CONSENT_WORDS, emailPreferencesResponse } from '@/lib/contract/marketing';
import { customerOrdersResponse } from '@/lib/contract/orders';
import { productResponse } from '@/lib/contract/catalog';
import { call, clearRateLimits, closeDb, registerCustomer, sql, unique } from '../security/helpers';
import { createFreeProduct } from '../support/free-product';
import { waitForMail } from '../support/mail';
import { expectError, expectShape, SHOP_URL } from './helpers';

type Consent = { email: string; userId: string | null; category: string; given: boolean; source: string; wording: string; createdAt: Date };
const consents = (email: string) =>
  sql<Consent>(`SELECT email, "userId", category::text, given, source, wording, "createdAt" FROM "ConsentRecord" WHERE email = $1 ORDER BY "createdAt", id`, [
    email,
  ]);

const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
};

async function register(email: string, consent: boolean) {
  const form: Record<string, string> = { email, password: 'correct horse battery', name: 'Consent Tester' };
  if (consent) form.marketing_consent = 'true';
  const res = await call('POST', '/api/auth/user-register', { form });
  expect(res.status, res.text).toBe(200);
  const body = expectShape(signInResponse, res.body);
  return { id: body.user.id, auth: { authorization: `Bearer ${body.token}` } };
}

let freeId: string;

/** A product with a price (the $0 one made here may be listed first). */
async function paidProduct() {
  const products = expectShape(z.array(productResponse), (await call('GET', '/api/products?limit=20')).body);
  return products.find((p) => p.price > 0)!;
}

beforeAll(async () => {
  freeId = await createFreeProduct(SHOP_URL, `Free kit ${unique()}`);
});

afterAll(async () => {
  await clearRateLimits('register', 'checkout', 'free-download', 'free-download-email', 'free-download-confirm', 'download', 'status-poll');
  await closeDb();
});

describe('consent at registration', () => {
  it('with the box ticked: the newsletter is on, recorded with the time, the source and the exact words', async () => {
    const email = `reg-yes-${unique()}@example.com`;
    const before = new Date(Date.now() - 1000);
    const user = await register(email, true);
    const [record, ...others] = await consents(email);
    expect(others).toEqual([]);
    expect(record).toMatchObject({ userId: user.id, category: 'newsletter', given: true, source: 'registration', wording: CONSENT_WORDS });
    expect(record.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    const prefs = expectShape(emailPreferencesResponse, (await call('GET', '/api/account/email-preferences', { headers: user.auth })).body);
    expect(prefs).toEqual({ newsletter: true, review_requests: true, wishlist_alerts: true });
  });

  it('without it: no consent recorded and the newsletter off', async () => {
    const email = `reg-no-${unique()}@example.com`;
    const user = await register(email, false);
    expect(await consents(email)).toEqual([]);
    const prefs = expectShape(emailPreferencesResponse, (await call('GET', '/api/account/email-preferences', { headers: user.auth })).body);
    expect(prefs.newsletter).toBe(false);
  });
});

describe('email preferences', () => {
  it('turn each category on and off for the session user only, each change recorded once', async () => {
    const customer = await registerCustomer('prefs');
    expectError(await call('GET', '/api/account/email-preferences'), 401, 'unauthorized');
    expectError(await call('PUT', '/api/account/email-preferences', { json: { newsletter: true } }), 401, 'unauthorized');
    const on = await call('PUT', '/api/account/email-preferences', { headers: customer.auth, json: { newsletter: true, review_requests: false } });
    expect(on.status, on.text).toBe(200);
    expect(expectShape(emailPreferencesResponse, on.body)).toEqual({ newsletter: true, review_requests: false, wishlist_alerts: true });
    // Asking for the state it is already in adds no record.
    await call('PUT', '/api/account/email-preferences', { headers: customer.auth, json: { newsletter: true } });
    const off = await call('PUT', '/api/account/email-preferences', { headers: customer.auth, json: { newsletter: false } });
    expect(expectShape(emailPreferencesResponse, off.body).newsletter).toBe(false);
    const records = await consents(customer.email);
    expect(records).toHaveLength(3);
    // The first two were one request (one transaction, one time); the last came after.
    expect(
      records
        .slice(0, 2)
        .map((r) => `${r.category}:${r.given}`)
        .sort(),
    ).toEqual(['newsletter:true', 'review_requests:false']);
    expect(records[2]).toMatchObject({ category: 'newsletter', given: false, source: 'preferences', wording: 'Email preferences: newsletter turned off' });
    expect(records.every((r) => r.userId === customer.id && r.source === 'preferences')).toBe(true);
  });

  it('refuse an unknown category or a non-boolean with a 400', async () => {
    const customer = await registerCustomer('prefs-bad');
    expectError(await call('PUT', '/api/account/email-preferences', { headers: customer.auth, json: { marketing: true } }), 400, 'invalid_request');
    expectError(await call('PUT', '/api/account/email-preferences', { headers: customer.auth, json: { newsletter: 'yes' } }), 400, 'invalid_request');
    expect(await consents(customer.email)).toEqual([]);
  });
});

describe('consent at guest checkout', () => {
  it('is recorded against the paid order’s email, and joins the account that later proves that address', async () => {
    const email = `guest-consent-${unique()}@example.com`;
    const paid = await paidProduct();
    const checkout = await call('POST', '/api/checkout/session', { json: { items: [{ product_id: paid.id }], marketing_consent: true } });
    expect(checkout.status, checkout.text).toBe(200);
    const session = expectShape(checkoutSessionResponse, checkout.body);
    // Not yet paid: nothing is recorded for an address that may not be the buyer's.
    expect(await consents(email)).toEqual([]);
    expect((await call('POST', `/api/checkout/test/${session.session_id}/complete`, { json: { email } })).status).toBe(200);
    const [record] = await consents(email);
    expect(record).toMatchObject({ userId: null, category: 'newsletter', given: true, source: 'guest_checkout', wording: CONSENT_WORDS });

    const user = await register(email, false);
    const verifyMail = await waitForMail(email, 15_000, 'Confirm your email');
    const verified = await call('POST', '/api/auth/verify-email', { json: { token: linkIn(verifyMail.text, '/verify-email') } });
    expect(verified.status, verified.text).toBe(200);
    expect((await consents(email)).map((r) => r.userId)).toEqual([user.id]);
    const prefs = expectShape(emailPreferencesResponse, (await call('GET', '/api/account/email-preferences', { headers: user.auth })).body);
    expect(prefs.newsletter).toBe(true);
  });

  it('records nothing when the box is not ticked', async () => {
    const email = `guest-noconsent-${unique()}@example.com`;
    const paid = await paidProduct();
    const session = expectShape(checkoutSessionResponse, (await call('POST', '/api/checkout/session', { json: [{ product_id: paid.id }] })).body);
    expect((await call('POST', `/api/checkout/test/${session.session_id}/complete`, { json: { email } })).status).toBe(200);
    expect(await consents(email)).toEqual([]);
  });
});

describe('free downloads', () => {
  it('show "Free download" for a $0 product, and the cart refuses it', async () => {
    const product = expectShape(productResponse, (await call('GET', `/api/products/${freeId}`)).body);
    expect(product.price).toBe(0);
    const page = await call('GET', `/product/${freeId}`);
    expect(page.text).toContain('Free download');
    expect(page.text).not.toContain('$0.00');
    const refused = expectError(await call('POST', '/api/checkout/session', { json: [{ product_id: freeId }] }), 400, 'invalid_request');
    expect(refused.detail).toContain('is a free download');
  });

  it('email a link that proves the address; opening the page uses nothing, its button creates a normal order', async () => {
    const email = `free-${unique()}@example.com`;
    const asked = await call('POST', '/api/free-downloads', { json: { product_id: freeId, email, name: 'Freya Free', consent: true } });
    expect(asked.status, asked.text).toBe(202);
    expectShape(freeDownloadRequestResponse, asked.body);
    // Nothing is recorded before the address is proven.
    expect(await consents(email)).toEqual([]);
    const mail = await waitForMail(email, 15_000, 'Confirm your email to download');
    const token = linkIn(mail.text, '/free-download/confirm');

    const page = await call('GET', `/free-download/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Get my download');
    expect((await sql<{ usedAt: Date | null }>(`SELECT "usedAt" FROM "FreeDownloadRequest" WHERE email = $1`, [email]))[0].usedAt).toBeNull();

    const confirmed = await call('POST', '/api/free-downloads/confirm', { json: { token } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const sessionId = expectShape(freeDownloadConfirmResponse, confirmed.body).session_id;
    const [order] = await sql<{ kind: string; amountCents: number; customerEmail: string; holderName: string; paymentStatus: string; id: string }>(
      `SELECT id, kind::text, "amountCents", "customerEmail", "holderName", "paymentStatus" FROM "Order" WHERE "sessionId" = $1`,
      [sessionId],
    );
    expect(order).toMatchObject({ kind: 'free', amountCents: 0, customerEmail: email, holderName: 'Freya Free', paymentStatus: 'no_payment_required' });
    const [licence] = await sql<{ holderName: string }>(
      `SELECT l."holderName" FROM "Licence" l JOIN "OrderItem" i ON i.id = l."orderItemId" WHERE i."orderId" = $1`,
      [order.id],
    );
    expect(licence.holderName).toBe('Freya Free');
    expect(await sql(`SELECT 1 FROM "Invoice" WHERE "orderId" = $1`, [order.id])).toHaveLength(1);
    const [record] = await consents(email);
    expect(record).toMatchObject({ given: true, source: 'free_download', wording: CONSENT_WORDS, userId: null });

    const status = expectShape(checkoutStatusResponse, (await call('GET', `/api/checkout/status/${sessionId}`)).body);
    expect(status.product_ids).toEqual([freeId]);
    const download = await call('GET', `/api/download/${sessionId}/${freeId}`);
    expect(download.status).toBe(302);
    const file = await fetch(download.headers.get('location')!);
    expect(await file.text()).toBe('free file contents');
    const orderMail = await waitForMail(email, 15_000, 'order');
    expect(orderMail.text).toContain(`/success?session_id=${sessionId}`);

    // Single use: the link is spent.
    expectError(await call('POST', '/api/free-downloads/confirm', { json: { token } }), 400, 'invalid_request');
    expect((await call('GET', `/free-download/confirm?token=${token}`)).text).toContain('invalid, used or expired');
  });

  it('attach the order to the account that proves the address, where My Orders shows it', async () => {
    const email = `free-acct-${unique()}@example.com`;
    const user = await register(email, false);
    expect((await call('POST', '/api/free-downloads', { json: { product_id: freeId, email, name: 'Acct Holder' } })).status).toBe(202);
    const token = linkIn((await waitForMail(email, 15_000, 'Confirm your email to download')).text, '/free-download/confirm');
    const sessionId = expectShape(freeDownloadConfirmResponse, (await call('POST', '/api/free-downloads/confirm', { json: { token } })).body).session_id;
    // No consent box ticked: nothing recorded.
    expect(await consents(email)).toEqual([]);
    const verifyMail = await waitForMail(email, 15_000, 'Confirm your email for');
    expect((await call('POST', '/api/auth/verify-email', { json: { token: linkIn(verifyMail.text, '/verify-email') } })).status).toBe(200);
    const orders = expectShape(customerOrdersResponse, (await call('GET', `/api/orders/${user.id}`, { headers: user.auth })).body);
    expect(orders.orders.map((o) => o.session_id)).toContain(sessionId);
  });

  it('answer the same for an address with an account and without one, and 404 for a product that is not free', async () => {
    const known = await registerCustomer('free-known');
    const a = await call('POST', '/api/free-downloads', { json: { product_id: freeId, email: known.email, name: 'A' } });
    const b = await call('POST', '/api/free-downloads', { json: { product_id: freeId, email: `nobody-${unique()}@example.com`, name: 'B' } });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body).toEqual(b.body);
    const paid = await paidProduct();
    expectError(await call('POST', '/api/free-downloads', { json: { product_id: paid.id, email: `x-${unique()}@example.com`, name: 'X' } }), 404, 'not_found');
    expectError(await call('POST', '/api/free-downloads', { json: { product_id: freeId, email: 'not-an-email', name: 'X' } }), 400, 'invalid_request');
    expectError(
      await call('POST', '/api/free-downloads', { json: { product_id: freeId, email: `y-${unique()}@example.com`, name: '' } }),
      400,
      'invalid_request',
    );
  });

  it('limit requests per address with a 429 in the one error shape', async () => {
    const email = `free-limit-${unique()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/free-downloads', { json: { product_id: freeId, email, name: 'L' } })).status).toBe(202);
    const limited = expectError(
      await call('POST', '/api/free-downloads', { json: { product_id: freeId, email: email.toUpperCase(), name: 'L' } }),
      429,
      'rate_limited',
    );
    expect(limited.detail).toMatch(/Too many attempts/);
    await clearRateLimits('free-download', 'free-download-email');
  });
});

describe('emails that are not marketing', () => {
  it('order and password emails arrive with every marketing category turned off', async () => {
    const customer = await registerCustomer('all-off');
    const off = await call('PUT', '/api/account/email-preferences', {
      headers: customer.auth,
      json: { newsletter: false, review_requests: false, wishlist_alerts: false },
    });
    expect(expectShape(emailPreferencesResponse, off.body)).toEqual({ newsletter: false, review_requests: false, wishlist_alerts: false });
    expect((await call('POST', '/api/auth/forgot-password', { form: { email: customer.email } })).status).toBe(200);
    const reset = await waitForMail(customer.email, 15_000, 'Reset your');
    expect(reset.headers['list-unsubscribe']).toBeUndefined();
    expect((await call('POST', '/api/free-downloads', { json: { product_id: freeId, email: customer.email, name: 'All Off' } })).status).toBe(202);
    const token = linkIn((await waitForMail(customer.email, 15_000, 'Confirm your email to download')).text, '/free-download/confirm');
    expect((await call('POST', '/api/free-downloads/confirm', { json: { token } })).status).toBe(200);
    const order = await waitForMail(customer.email, 15_000, 'order');
    expect(order.text).toContain('Download your files');
    expect(order.headers['list-unsubscribe']).toBeUndefined();
  });
});
