// Marketing email against real Postgres and the job queue (Decisions 086, 087):
// the review request queued at payment for the owner's delay and sent once
// per order, never after a refund or to a customer who unsubscribed; the
// wishlist sale digest at most once a day, telling each sale once; and the
// one-click unsubscribe with its signed token, which a forged one cannot use.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTERED_BUSINESS } from '../support/business';
import { createFixtures } from '../support/fixtures';
import { queuedJobs } from '../support/jobs';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.SMTP_URL;

const fx = createFixtures('Mail');
const DAY_MS = 86_400_000;

async function loadApp() {
  const [checkout, orders, refunds, reviews, requests, wishlist, marketing, consent, invoices, jobs, handlers, db, format, unsubscribeRoute] =
    await Promise.all([
      import('@/lib/domain/checkout'),
      import('@/lib/domain/orders'),
      import('@/lib/domain/refunds'),
      import('@/lib/domain/reviews'),
      import('@/lib/domain/review-requests'),
      import('@/lib/domain/wishlist'),
      import('@/lib/domain/marketing'),
      import('@/lib/domain/consent'),
      import('@/lib/domain/invoices'),
      import('@/lib/domain/jobs'),
      import('@/lib/domain/background-work'),
      import('@/lib/infra/db'),
      import('@/lib/format'),
      import('@/app/api/email/unsubscribe/route'),
    ]);
  return {
    ...checkout,
    ...orders,
    ...refunds,
    ...reviews,
    ...requests,
    ...wishlist,
    ...marketing,
    recordAddressConsent: consent.recordAddressConsent,
    saveBusinessDetails: invoices.saveBusinessDetails,
    runDueJobs: jobs.runDueJobs,
    registerJobHandlers: handlers.registerJobHandlers,
    db: db.db,
    shopDay: format.shopDay,
    unsubscribeRoute: unsubscribeRoute.POST,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;

async function paidOrder(productIds: string[], user: { id: string; email: string } | null) {
  const email = user?.email ?? `guest-${randomBytes(4).toString('hex')}@example.com`;
  const { sessionId } = await app.createCheckout({ productIds, userId: user?.id ?? null, customerEmail: email, siteUrl: SITE_URL });
  await app.completeTestPayment(sessionId, email);
  return app.db().order.findUniqueOrThrow({ where: { sessionId } });
}

const marketingMail = (to: string, subject: string) =>
  app.db().outboxEmail.findMany({ where: { to, subject: { contains: subject } }, orderBy: { createdAt: 'asc' } });

/** The review-request job of an order is due now, as it will be once its delay has passed. */
async function makeDue(orderId: string) {
  await app.db()
    .$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE name = ${app.REVIEW_REQUEST_JOB} AND data @> ${JSON.stringify({ orderId })}::jsonb`;
}

function unsubscribe(query: string, form?: Record<string, string>) {
  return app.unsubscribeRoute(
    new Request(`${SITE_URL}/api/email/unsubscribe${query}`, { method: 'POST', body: form ? new URLSearchParams(form) : undefined }),
    {
      params: Promise.resolve({}),
    },
  );
}

beforeAll(async () => {
  app = await loadApp();
  app.registerJobHandlers();
  await app.saveBusinessDetails('admin', REGISTERED_BUSINESS);
});

describe('review requests', () => {
  it('are queued at payment for the delay the owner set, once per order, and not at all while turned off', async () => {
    const buyer = await fx.user();
    const item = await fx.product({ priceCents: 900 });
    const order = await paidOrder([item.id], buyer);
    const [job] = await queuedJobs(app.REVIEW_REQUEST_JOB, { orderId: order.id });
    expect(job.startAfter.getTime() - order.fulfilledAt!.getTime()).toBeGreaterThan(7 * DAY_MS - 5_000);
    expect(job.startAfter.getTime() - order.fulfilledAt!.getTime()).toBeLessThan(7 * DAY_MS + 5_000);

    await app.saveReviewRequestSettings('admin', { enabled: true, delayDays: 3 });
    const sooner = await paidOrder([(await fx.product({ priceCents: 500 })).id], buyer);
    const [soonerJob] = await queuedJobs(app.REVIEW_REQUEST_JOB, { orderId: sooner.id });
    expect(Math.round((soonerJob.startAfter.getTime() - sooner.fulfilledAt!.getTime()) / DAY_MS)).toBe(3);

    await app.saveReviewRequestSettings('admin', { enabled: false, delayDays: 3 });
    const off = await paidOrder([(await fx.product({ priceCents: 500 })).id], buyer);
    expect(await queuedJobs(app.REVIEW_REQUEST_JOB, { orderId: off.id })).toEqual([]);
    await app.saveReviewRequestSettings('admin', app.DEFAULT_REVIEW_REQUESTS);
  });

  it('sends one email linking each item, with the business identity and one-click unsubscribe headers', async () => {
    const buyer = await fx.user();
    const [first, second] = [await fx.product({ priceCents: 900 }), await fx.product({ priceCents: 400 })];
    const order = await paidOrder([first.id, second.id], buyer);
    await makeDue(order.id);
    await app.runDueJobs();
    await app.sendReviewRequest(order.id);
    const mails = await marketingMail(buyer.email, 'How are your designs');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.text).toContain(`${SITE_URL}/product/${first.id}#reviews`);
    expect(mail.text).toContain(`${SITE_URL}/product/${second.id}#reviews`);
    expect(mail.text).toContain(REGISTERED_BUSINESS.name);
    expect(mail.text).toContain(REGISTERED_BUSINESS.address);
    expect(mail.text).toContain(`Contact: ${REGISTERED_BUSINESS.email}`);
    expect(mail.text).toMatch(new RegExp(`Unsubscribe: ${SITE_URL}/unsubscribe\\?token=u1\\.`));
    const headers = mail.headers as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(new RegExp(`^<${SITE_URL}/api/email/unsubscribe\\?token=u1\\.[^>]+>$`));
    expect(await app.db().emailLog.count({ where: { recipientEmail: buyer.email, kind: 'review_requests' } })).toBe(1);
  });

  it('leaves out items already reviewed, and sends nothing when all are', async () => {
    const buyer = await fx.user();
    const [done, open] = [await fx.product({ priceCents: 900 }), await fx.product({ priceCents: 400 })];
    const order = await paidOrder([done.id, open.id], buyer);
    await app.createReview(buyer.id, done.id, { rating: 5, title: 'Great', body: '' });
    await app.sendReviewRequest(order.id);
    const [mail] = await marketingMail(buyer.email, 'How are your designs');
    expect(mail.text).toContain(`/product/${open.id}#reviews`);
    expect(mail.text).not.toContain(`/product/${done.id}#reviews`);

    const reviewer = await fx.user();
    const all = await paidOrder([done.id], reviewer);
    await app.createReview(reviewer.id, done.id, { rating: 4, title: 'Good', body: '' });
    await app.sendReviewRequest(all.id);
    expect(await marketingMail(reviewer.email, 'How are your designs')).toHaveLength(0);
  });

  it('is never sent after a refund, to a guest order, or while the owner has them turned off', async () => {
    const buyer = await fx.user();
    const [kept, refunded] = [await fx.product({ priceCents: 900 }), await fx.product({ priceCents: 800 })];
    const order = await paidOrder([kept.id, refunded.id], buyer);
    await app.refundOrder({ actor: 'admin', sessionId: order.sessionId, productIds: [refunded.id] });
    await app.sendReviewRequest(order.id);
    expect(await marketingMail(buyer.email, 'How are your designs')).toHaveLength(0);

    const guest = await paidOrder([kept.id], null);
    await app.sendReviewRequest(guest.id);
    expect(await marketingMail(guest.customerEmail!, 'How are your designs')).toHaveLength(0);

    const later = await fx.user();
    const laterOrder = await paidOrder([kept.id], later);
    await app.saveReviewRequestSettings('admin', { enabled: false, delayDays: 7 });
    await app.sendReviewRequest(laterOrder.id);
    await app.saveReviewRequestSettings('admin', app.DEFAULT_REVIEW_REQUESTS);
    expect(await marketingMail(later.email, 'How are your designs')).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  it("turns the link's category off at once, for its customer only; a second press changes nothing", async () => {
    const [buyer, other] = [await fx.user(), await fx.user()];
    const item = await fx.product({ priceCents: 900 });
    const token = app.unsubscribeToken(buyer.id, 'review_requests');
    const response = await unsubscribe(`?token=${encodeURIComponent(token)}`, { 'List-Unsubscribe': 'One-Click' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, category: 'review_requests', message: 'You will no longer receive review requests.' });
    expect(await app.db().emailPreference.findMany({ where: { userId: buyer.id } })).toMatchObject([
      { category: 'review_requests', subscribed: false, source: 'one_click' },
    ]);
    expect(await app.isSubscribed(buyer.id, 'wishlist_alerts')).toBe(true);
    expect(await app.isSubscribed(other.id, 'review_requests')).toBe(true);
    expect((await unsubscribe('', { token })).status).toBe(200);
    // Each unsubscribe is recorded with its address, time and how it was made (Decision 095).
    const records = await app.db().consentRecord.findMany({ where: { userId: buyer.id }, orderBy: { createdAt: 'asc' } });
    expect(records).toMatchObject([
      { email: buyer.email, category: 'review_requests', given: false, source: 'one_click' },
      { email: buyer.email, category: 'review_requests', given: false, source: 'unsubscribe_link' },
    ]);
    expect(records[0].wording).toContain('List-Unsubscribe-Post');
    expect(await app.db().consentRecord.count({ where: { userId: other.id } })).toBe(0);

    const order = await paidOrder([item.id], buyer);
    await app.sendReviewRequest(order.id);
    expect(await marketingMail(buyer.email, 'How are your designs')).toHaveLength(0);
  });

  it('refuses a forged, altered or missing token with a 400 and records nothing', async () => {
    const [victim, attacker] = [await fx.user(), await fx.user()];
    const own = app.unsubscribeToken(attacker.id, 'review_requests');
    const [version, , category, signature] = own.split('.');
    const forged = [
      [version, Buffer.from(victim.id).toString('base64url'), category, signature].join('.'),
      [version, Buffer.from(attacker.id).toString('base64url'), 'wishlist_alerts', signature].join('.'),
      `${own.slice(0, -2)}AA`,
      'u1.x.review_requests.y',
    ];
    for (const token of forged) {
      const response = await unsubscribe(`?token=${encodeURIComponent(token)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_request', detail: expect.stringContaining('not valid') });
    }
    expect((await unsubscribe('')).status).toBe(400);
    expect(await app.db().emailPreference.count({ where: { userId: { in: [victim.id, attacker.id] } } })).toBe(0);
    expect(await app.db().consentRecord.count({ where: { userId: { in: [victim.id, attacker.id] } } })).toBe(0);
    expect(await app.describeUnsubscribe(forged[0])).toBeNull();
    expect(await app.describeUnsubscribe(own)).toMatchObject({
      category: 'review_requests',
      subscribed: true,
      maskedEmail: expect.stringMatching(/^m\*\*\*@example\.com$/),
    });
  });
});

describe("a guest address's unsubscribe link (Decision 097)", () => {
  const guestAddress = () => `guest-${randomBytes(5).toString('hex')}@example.com`;
  const latestConsent = (email: string) =>
    app.db().consentRecord.findFirst({ where: { email, category: 'newsletter' }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });

  it('records the withdrawal for the address, and turns off the account that has that address by now', async () => {
    const guest = guestAddress();
    await app.db().$transaction((tx) => app.recordAddressConsent(tx, guest, 'guest_checkout'));
    const token = app.addressUnsubscribeToken(guest, 'newsletter');
    expect(await app.describeUnsubscribe(token)).toMatchObject({ category: 'newsletter', subscribed: true, maskedEmail: 'g***@example.com' });
    expect((await unsubscribe(`?token=${encodeURIComponent(token)}`, { 'List-Unsubscribe': 'One-Click' })).status).toBe(200);
    expect(await latestConsent(guest)).toMatchObject({ given: false, source: 'one_click', userId: null });
    expect(await app.describeUnsubscribe(token)).toMatchObject({ subscribed: false });

    const member = await fx.user();
    await app.setSubscribed(member.id, 'newsletter', true, 'preferences');
    const memberToken = app.addressUnsubscribeToken(member.email, 'newsletter');
    expect((await unsubscribe('', { token: memberToken })).status).toBe(200);
    expect(await app.isSubscribed(member.id, 'newsletter')).toBe(false);
    expect(await latestConsent(member.email)).toMatchObject({ given: false, source: 'unsubscribe_link', userId: member.id });
  });

  it("refuses a token re-pointed at another address, and leaves that address's consent alone", async () => {
    const [victim, attacker] = [guestAddress(), guestAddress()];
    await app.db().$transaction((tx) => app.recordAddressConsent(tx, victim, 'free_download'));
    const [version, , category, signature] = app.addressUnsubscribeToken(attacker, 'newsletter').split('.');
    const forged = [version, Buffer.from(victim).toString('base64url'), category, signature].join('.');
    const response = await unsubscribe(`?token=${encodeURIComponent(forged)}`);
    expect(response.status).toBe(400);
    expect(await app.describeUnsubscribe(forged)).toBeNull();
    expect(await latestConsent(victim)).toMatchObject({ given: true, source: 'free_download' });
  });
});

describe('wishlist sale alerts', () => {
  const onSale = (salePriceCents: number, now = Date.now()) => ({
    onSale: true,
    salePriceCents,
    saleStart: new Date(now - DAY_MS),
    saleEnd: new Date(now + 10 * DAY_MS),
  });

  it('send one digest a day listing every saved product that went on sale, and tell each sale once', async () => {
    const customer = await fx.user();
    const [poster, mug, plain] = [await fx.product({ priceCents: 1000 }), await fx.product({ priceCents: 800 }), await fx.product({ priceCents: 500 })];
    for (const item of [poster, mug, plain]) await app.saveToWishlist(customer.id, item.id);
    await app.db().product.update({ where: { id: poster.id }, data: onSale(700) });
    await app.db().product.update({ where: { id: mug.id }, data: onSale(600) });

    expect(await app.queueSaleAlerts()).toBe(1);
    await app.runDueJobs();
    const mails = await marketingMail(customer.email, 'from your wishlist');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('2 products from your wishlist are on sale');
    expect(mails[0].text).toContain(`${poster.title}: 7.00 AUD (was 10.00 AUD)`);
    expect(mails[0].text).toContain(`${SITE_URL}/product/${mug.id}`);
    expect(mails[0].text).not.toContain(plain.title);
    expect((mails[0].headers as Record<string, string>)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The same day: the cron again, or the job again, sends nothing more.
    expect(await app.queueSaleAlerts()).toBe(0);
    await app.sendSaleAlert(customer.id, app.shopDay(new Date()));
    // The next day the same sales are not news.
    expect(await app.queueSaleAlerts(new Date(Date.now() + DAY_MS))).toBe(0);
    expect(await marketingMail(customer.email, 'from your wishlist')).toHaveLength(1);

    // A new sale (another price) is: tomorrow's digest tells it.
    await app.db().product.update({ where: { id: plain.id }, data: onSale(300) });
    const tomorrow = new Date(Date.now() + DAY_MS);
    expect(await app.queueSaleAlerts(tomorrow)).toBe(1);
    await app.runDueJobs();
    const next = await marketingMail(customer.email, 'from your wishlist');
    expect(next.map((m) => m.subject)).toEqual(['2 products from your wishlist are on sale', `On sale from your wishlist: ${plain.title}`]);
  });

  it('say nothing of a sale the product was saved during, nor to a customer who unsubscribed', async () => {
    const [saver, leaver] = [await fx.user(), await fx.user()];
    const item = await fx.product({ priceCents: 1000, ...onSale(500) });
    await app.saveToWishlist(saver.id, item.id);
    const other = await fx.product({ priceCents: 1000 });
    await app.saveToWishlist(leaver.id, other.id);
    await app.setSubscribed(leaver.id, 'wishlist_alerts', false, 'unsubscribe_link');
    await app.db().product.update({ where: { id: other.id }, data: onSale(400) });
    expect(await app.queueSaleAlerts()).toBe(0);
    await app.sendSaleAlert(leaver.id, app.shopDay(new Date()));
    expect(await marketingMail(saver.email, 'wishlist')).toHaveLength(0);
    expect(await marketingMail(leaver.email, 'wishlist')).toHaveLength(0);
  });
});

describe('wishlists', () => {
  it('save once, list newest first without deleted products, remove, and refuse unknown products', async () => {
    const customer = await fx.user();
    const [older, newer, gone] = [await fx.product({ priceCents: 100 }), await fx.product({ priceCents: 200 }), await fx.product({ priceCents: 300 })];
    await app.saveToWishlist(customer.id, older.id);
    // Saved a minute apart, so "newest first" cannot tie on the clock.
    await app
      .db()
      .wishlistItem.update({ where: { userId_productId: { userId: customer.id, productId: older.id } }, data: { createdAt: new Date(Date.now() - 60_000) } });
    await app.saveToWishlist(customer.id, newer.id);
    await app.saveToWishlist(customer.id, newer.id);
    await app.saveToWishlist(customer.id, gone.id);
    await app.db().product.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const list = await app.listWishlist(customer.id);
    expect(list.productIds).toEqual([newer.id, older.id]);
    expect(list.items.map((i) => i.id)).toEqual([newer.id, older.id]);
    await app.removeFromWishlist(customer.id, newer.id);
    await app.removeFromWishlist(customer.id, newer.id);
    expect((await app.listWishlist(customer.id)).productIds).toEqual([older.id]);
    await expect(app.saveToWishlist(customer.id, 'nosuchproduct')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('hold at most 200 products', async () => {
    const customer = await fx.user();
    // Ten at a time, the pool's size: 201 at once wait past the pool's connection timeout on a busy machine.
    const items: Awaited<ReturnType<typeof fx.product>>[] = [];
    for (let at = 0; at < 201; at += 10) {
      items.push(...(await Promise.all(Array.from({ length: Math.min(10, 201 - at) }, (_, i) => fx.product({ priceCents: 100 + at + i })))));
    }
    await app.db().wishlistItem.createMany({ data: items.slice(0, 200).map((item) => ({ userId: customer.id, productId: item.id })) });
    await expect(app.saveToWishlist(customer.id, items[200].id)).rejects.toMatchObject({ code: 'conflict' });
    await app.saveToWishlist(customer.id, items[0].id);
    expect(await app.db().wishlistItem.count({ where: { userId: customer.id } })).toBe(200);
  });
});
