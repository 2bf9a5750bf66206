// Abandoned checkout recovery against real Postgres (Decision 096): one email
// per unpaid card checkout of a signed-in customer who consented, after the
// owner's delay, with a signed link that restores that cart (and the owner's
// code); none before the delay, none twice, none once the items are bought,
// none after an unsubscribe, none without consent, none while turned off.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTERED_BUSINESS } from '../support/business';
import { createFixtures } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.SMTP_URL;

const fx = createFixtures('Cart');
const HOUR_MS = 3_600_000;
const SUBJECT = 'is waiting';

async function loadApp() {
  const [recovery, marketing, invoices, db, checkout, orders, discounts] = await Promise.all([
    import('@/lib/domain/abandoned-checkouts'),
    import('@/lib/domain/marketing'),
    import('@/lib/domain/invoices'),
    import('@/lib/infra/db'),
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/discounts'),
  ]);
  return { ...recovery, ...marketing, ...checkout, ...orders, ...discounts, saveBusinessDetails: invoices.saveBusinessDetails, db: db.db };
}

let app: Awaited<ReturnType<typeof loadApp>>;

beforeAll(async () => {
  app = await loadApp();
  await app.saveBusinessDetails('admin', REGISTERED_BUSINESS);
});

beforeEach(async () => {
  await app.saveAbandonedCheckoutSettings('admin', app.DEFAULT_ABANDONED_CHECKOUT);
});

async function consenting() {
  const user = await fx.user();
  await app.setSubscribed(user.id, 'newsletter', true, 'registration');
  return user;
}

/** A card checkout the customer opened `hoursAgo` and never paid. */
async function abandoned(user: { id: string; email: string }, productIds: string[], hoursAgo = 2) {
  const { sessionId } = await app.createCheckout({ productIds, userId: user.id, customerEmail: user.email, siteUrl: SITE_URL });
  return app.db().order.update({ where: { sessionId }, data: { createdAt: new Date(Date.now() - hoursAgo * HOUR_MS) } });
}

const reminders = (to: string) => app.db().outboxEmail.findMany({ where: { to, subject: { contains: SUBJECT } } });
const restoreLink = (text: string) => /\/cart\?restore=(\S+)/.exec(text)?.[1];

describe('the abandoned checkout email', () => {
  it('goes once, after the delay, listing the items with a link that restores them', async () => {
    const shopper = await consenting();
    const [a, b] = [await fx.product({ priceCents: 900 }), await fx.product({ priceCents: 400 })];
    const recent = await abandoned(shopper, [a.id, b.id], 0.5);
    expect(await app.sendAbandonedCheckoutEmails()).toBe(0);

    await app.db().order.update({ where: { id: recent.id }, data: { createdAt: new Date(Date.now() - 2 * HOUR_MS) } });
    expect(await app.sendAbandonedCheckoutEmails()).toBe(1);
    expect(await app.sendAbandonedCheckoutEmails()).toBe(0);

    const [mail] = await reminders(shopper.email);
    expect(mail.text).toContain(`${a.title}: 9.00 AUD`);
    expect(mail.text).toContain(`${b.title}: 4.00 AUD`);
    expect(mail.text).toMatch(new RegExp(`Unsubscribe: ${SITE_URL}/unsubscribe\\?token=u1\\.`));
    expect((mail.headers as Record<string, string>)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(restoreLink(mail.text)!);
    const lines = await app.restoreCart(token);
    expect(lines?.map((l) => l.productId).sort()).toEqual([a.id, b.id].sort());
    expect(await reminders(shopper.email)).toHaveLength(1);
  });

  it('follows the delay the owner set, and sends nothing while turned off', async () => {
    const shopper = await consenting();
    await abandoned(shopper, [(await fx.product({ priceCents: 500 })).id], 2);
    await app.saveAbandonedCheckoutSettings('admin', { enabled: true, delayHours: 3, discountCodeId: null });
    expect(await app.sendAbandonedCheckoutEmails()).toBe(0);
    await app.saveAbandonedCheckoutSettings('admin', { enabled: false, delayHours: 1, discountCodeId: null });
    expect(await app.sendAbandonedCheckoutEmails()).toBe(0);
    expect(await reminders(shopper.email)).toHaveLength(0);
  });

  it('offers the code the owner chose while it can be used', async () => {
    const code = await app.createDiscountCode('admin', { code: `COMEBACK${fx.suffix}`.toUpperCase(), type: 'percentage', value: 10, scope: 'cart' });
    await app.saveAbandonedCheckoutSettings('admin', { enabled: true, delayHours: 1, discountCodeId: code.id });
    const shopper = await consenting();
    await abandoned(shopper, [(await fx.product({ priceCents: 500 })).id]);
    await app.sendAbandonedCheckoutEmails();
    const [mail] = await reminders(shopper.email);
    expect(mail.text).toContain(`Use the code ${code.code} at checkout: 10% off`);
  });

  it('is not sent to a customer who did not consent, who unsubscribed, or who has bought the items since', async () => {
    const item = await fx.product({ priceCents: 800 });
    const silent = await fx.user();
    await abandoned(silent, [item.id]);
    const leaver = await consenting();
    await abandoned(leaver, [item.id]);
    await app.setSubscribed(leaver.id, 'newsletter', false, 'one_click');
    const buyer = await consenting();
    await abandoned(buyer, [item.id], 3);
    const paid = await app.createCheckout({ productIds: [item.id], userId: buyer.id, customerEmail: buyer.email, siteUrl: SITE_URL });
    await app.completeTestPayment(paid.sessionId, buyer.email);
    // Paid in a later checkout: the older one is superseded; bought in any order: nothing left to offer.
    await app.db().order.update({ where: { sessionId: paid.sessionId }, data: { createdAt: new Date(Date.now() - 4 * HOUR_MS) } });

    expect(await app.sendAbandonedCheckoutEmails()).toBe(0);
    for (const user of [silent, leaver, buyer]) expect(await reminders(user.email), user.email).toHaveLength(0);
  });

  it('restores nothing from a forged or altered link', async () => {
    const shopper = await consenting();
    const order = await abandoned(shopper, [(await fx.product({ priceCents: 500 })).id]);
    const other = await abandoned(await consenting(), [(await fx.product({ priceCents: 700 })).id]);
    const [version, , expiry, mac] = app.cartRestoreToken(order.id).split('.');
    expect(await app.restoreCart([version, Buffer.from(other.id).toString('base64url'), expiry, mac].join('.'))).toBeNull();
    expect(await app.restoreCart(app.unsubscribeToken(shopper.id, 'newsletter'))).toBeNull();
    expect(await app.restoreCart(app.cartRestoreToken(order.id))).toHaveLength(1);
  });
});
