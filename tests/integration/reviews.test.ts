// Reviews only buyers can write (Decision 086), against real Postgres in test
// payment mode: who may review (a paid line, a member's $0 line, not an unpaid
// or refunded one), one review per customer and item even when two posts race,
// a refund or an open dispute hiding the review at read time and a won dispute
// bringing it back, the owner's moderation, sorting and paging, and the
// ratings listings carry.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, settle } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Review');
const clientIp = `10.33.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [checkout, orders, refunds, reviews, catalog, errors, db, sessions, responses, ownRoute] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/domain/reviews'),
    import('@/lib/domain/catalog'),
    import('@/lib/domain/errors'),
    import('@/lib/infra/db'),
    import('@/lib/http/session'),
    import('@/lib/http/responses/reviews'),
    import('@/app/api/account/reviews/[productId]/route'),
  ]);
  return {
    ...checkout,
    ...orders,
    ...refunds,
    ...reviews,
    getCatalogItem: catalog.getCatalogItem,
    listCatalogItems: catalog.listCatalogItems,
    AppError: errors.AppError,
    db: db.db,
    issueSessionToken: sessions.issueSessionToken,
    toReviewListResponse: responses.toReviewListResponse,
    ownRoute: ownRoute.GET,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;
type Item = { id: string; title: string };
let poster: Item;

async function paidOrder(productIds: string[], user: { id: string; email: string }) {
  const { sessionId } = await app.createCheckout({ productIds, userId: user.id, customerEmail: user.email, siteUrl: SITE_URL });
  if (!sessionId.startsWith('cs_free_')) await app.completeTestPayment(sessionId, null);
  return sessionId;
}

const input = (rating: number, title = `Stars ${rating}`) => ({ rating, title, body: `${title}: printed on canvas, colours true.` });

/** What GET /api/products/{id}/reviews answers (its HTTP contract is tested in tests/api/reviews.test.ts). */
async function reviewsOf(productId: string, page: { sort?: 'newest' | 'highest' | 'lowest'; limit?: number; offset?: number } = {}) {
  const [stats, reviews] = await Promise.all([
    app.reviewStats(productId),
    app.listShownReviews(productId, { sort: page.sort ?? 'newest', limit: page.limit ?? 10, offset: page.offset ?? 0 }),
  ]);
  return app.toReviewListResponse(stats, reviews);
}

beforeAll(async () => {
  app = await loadApp();
  poster = await fx.product({ title: `Reviewed poster ${fx.suffix}`, priceCents: 900 });
});

describe('who may review', () => {
  it('lets a buyer of a paid order review once, signed with first name and initial, marked as a verified purchase', async () => {
    const buyer = await fx.user();
    await app.db().user.update({ where: { id: buyer.id }, data: { name: 'jane van der Berg' } });
    await paidOrder([poster.id], buyer);
    const { id } = await app.createReview(buyer.id, poster.id, input(5, 'Lovely colours'));
    const list = await reviewsOf(poster.id);
    expect(list.reviews.find((r) => r.id === id)).toMatchObject({ rating: 5, title: 'Lovely colours', author: 'Jane B.', verified: 'purchase', reply: null });

    const again = await app.createReview(buyer.id, poster.id, input(1)).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(app.AppError);
    expect(again).toMatchObject({ code: 'conflict', message: app.ALREADY_REVIEWED });
  });

  it("counts a member's $0 checkout, marked as a member download", async () => {
    const member = await fx.user({ membershipEndsAt: new Date(Date.now() + 86_400_000) });
    const item = await fx.product({ priceCents: 700 });
    expect(await paidOrder([item.id], member)).toMatch(/^cs_free_/);
    await app.createReview(member.id, item.id, input(4));
    expect((await reviewsOf(item.id)).reviews).toMatchObject([{ rating: 4, verified: 'member' }]);
  });

  it('refuses a customer with no order, an unpaid one, or an order of another item, with the same clear 403', async () => {
    const stranger = await fx.user();
    const unpaid = await fx.user();
    const other = await fx.user();
    const item = await fx.product({ priceCents: 500 });
    await app.createCheckout({ productIds: [item.id], userId: unpaid.id, customerEmail: unpaid.email, siteUrl: SITE_URL });
    await paidOrder([poster.id], other);
    for (const user of [stranger, unpaid, other]) {
      const error = await app.createReview(user.id, item.id, input(5)).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'forbidden', message: app.NOT_A_BUYER });
    }
    expect(await app.db().review.count({ where: { productId: item.id } })).toBe(0);
  });

  it('keeps one review when the same customer posts twice at once (the unique index)', async () => {
    const buyer = await fx.user();
    const item = await fx.product({ priceCents: 600 });
    await paidOrder([item.id], buyer);
    const { ok, failed } = await settle([app.createReview(buyer.id, item.id, input(5)), app.createReview(buyer.id, item.id, input(3))]);
    expect(ok).toHaveLength(1);
    expect(failed).toMatchObject([{ code: 'conflict' }]);
    expect(await app.db().review.count({ where: { productId: item.id } })).toBe(1);
  });

  it('answers the signed-in customer whether they may review, and with their own review, through the account route', async () => {
    const buyer = await fx.user();
    const item = await fx.product({ priceCents: 650 });
    const ask = async () => {
      const token = await app.issueSessionToken(buyer);
      const response = await app.ownRoute(
        new Request(`${SITE_URL}/api/account/reviews/${item.id}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': clientIp } }),
        { params: Promise.resolve({ productId: item.id }) },
      );
      expect(response.headers.get('cache-control')).toContain('no-store');
      return response.json();
    };
    expect(await ask()).toEqual({ can_review: false, verified: null, review: null });
    await paidOrder([item.id], buyer);
    expect(await ask()).toEqual({ can_review: true, verified: 'purchase', review: null });
    await app.createReview(buyer.id, item.id, input(2, 'Too dark'));
    expect(await ask()).toMatchObject({ can_review: true, review: { rating: 2, title: 'Too dark', hidden: false } });
  });

  it("lets only the author edit or delete a review: another customer's attempt is not found", async () => {
    const [author, intruder] = [await fx.user(), await fx.user()];
    const item = await fx.product({ priceCents: 800 });
    await paidOrder([item.id], author);
    await paidOrder([item.id], intruder);
    const { id } = await app.createReview(author.id, item.id, input(5, 'Mine'));
    await expect(app.updateReview(intruder.id, item.id, id, input(1, 'Hijacked'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(app.deleteReview(intruder.id, item.id, id)).rejects.toMatchObject({ code: 'not_found' });
    // The right id under another product's path is not found either.
    await expect(app.updateReview(author.id, poster.id, id, input(1))).rejects.toMatchObject({ code: 'not_found' });
    await app.updateReview(author.id, item.id, id, input(4, 'Mine, edited'));
    expect((await reviewsOf(item.id)).reviews).toMatchObject([{ id, rating: 4, title: 'Mine, edited' }]);
    await app.deleteReview(author.id, item.id, id);
    expect((await reviewsOf(item.id)).count).toBe(0);
  });
});

describe('what shoppers see', () => {
  it('hides a review once its line is refunded, with no write to the review', async () => {
    const buyer = await fx.user();
    const [kept, refunded] = [await fx.product({ priceCents: 1000 }), await fx.product({ priceCents: 1200 })];
    const sessionId = await paidOrder([kept.id, refunded.id], buyer);
    await app.createReview(buyer.id, kept.id, input(5));
    const { id } = await app.createReview(buyer.id, refunded.id, input(1));
    const before = await app.db().review.findUniqueOrThrow({ where: { id } });

    await app.refundOrder({ actor: 'admin', sessionId, productIds: [refunded.id] });
    expect((await reviewsOf(refunded.id)).count).toBe(0);
    expect(await app.reviewStats(refunded.id)).toEqual({ average: null, count: 0, distribution: [0, 0, 0, 0, 0] });
    expect((await reviewsOf(kept.id)).count).toBe(1);
    expect(await app.db().review.findUniqueOrThrow({ where: { id } })).toEqual(before);
    const admin = await app.listAdminReviews({ status: 'refunded', search: buyer.email, limit: 10, offset: 0 });
    expect(admin.items).toMatchObject([{ id, status: 'refunded' }]);
    // A refunded line no longer opens reviews either.
    await expect(app.createReview(buyer.id, refunded.id, input(5))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('hides a review while a dispute holds its line and shows it again when the dispute is won', async () => {
    const buyer = await fx.user();
    const item = await fx.product({ priceCents: 1100 });
    const sessionId = await paidOrder([item.id], buyer);
    await app.createReview(buyer.id, item.id, input(5));
    const line = await app.db().orderItem.findFirstOrThrow({ where: { order: { sessionId }, productId: item.id } });
    // The line as lib/domain/orders/disputes.ts leaves it: ended while open, given back when won.
    await app.db().orderItem.update({ where: { id: line.id }, data: { refundedAt: new Date() } });
    expect((await reviewsOf(item.id)).count).toBe(0);
    await app.db().orderItem.update({ where: { id: line.id }, data: { refundedAt: null } });
    expect((await reviewsOf(item.id)).count).toBe(1);
  });

  it("keeps the listing's rating (the Top rated sort) equal to what shoppers see, through edits, moderation, a refund and a delete", async () => {
    const [first, second] = [await fx.user(), await fx.user()];
    const item = await fx.product({ priceCents: 1400 });
    const rating = async () => app.db().product.findUniqueOrThrow({ where: { id: item.id }, select: { ratingAverage: true, ratingCount: true } });
    const firstSession = await paidOrder([item.id], first);
    await paidOrder([item.id], second);
    expect(await rating()).toEqual({ ratingAverage: 0, ratingCount: 0 });
    const { id: firstReview } = await app.createReview(first.id, item.id, input(5));
    const { id: secondReview } = await app.createReview(second.id, item.id, input(2));
    expect(await rating()).toEqual({ ratingAverage: 3.5, ratingCount: 2 });

    await app.moderateReview('admin', secondReview, { hidden: true, reason: 'Off topic' });
    expect(await rating()).toEqual({ ratingAverage: 5, ratingCount: 1 });
    await app.moderateReview('admin', secondReview, { hidden: false });
    await app.updateReview(first.id, item.id, firstReview, input(4));
    expect(await rating()).toEqual({ ratingAverage: 3, ratingCount: 2 });

    await app.refundOrder({ actor: 'admin', sessionId: firstSession, productIds: [item.id] });
    expect(await rating()).toEqual({ ratingAverage: 2, ratingCount: 1 });
    await app.deleteReview(second.id, item.id, secondReview);
    expect(await rating()).toEqual({ ratingAverage: 0, ratingCount: 0 });
  });

  it('lets the owner hide (with a reason), show again and reply; the reply is public, the reason is not', async () => {
    const buyer = await fx.user();
    const item = await fx.product({ priceCents: 1300 });
    await paidOrder([item.id], buyer);
    const { id } = await app.createReview(buyer.id, item.id, input(2, 'Meh'));
    await expect(app.moderateReview('admin', id, { hidden: true, reason: '  ' })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await app.moderateReview('admin', id, { hidden: true, reason: 'Mentions another shop' })).toEqual({ productId: item.id });
    expect((await reviewsOf(item.id)).count).toBe(0);
    expect((await app.listAdminReviews({ status: 'hidden', search: buyer.email, limit: 5, offset: 0 })).items).toMatchObject([
      { id, status: 'hidden', hiddenReason: 'Mentions another shop' },
    ]);
    await app.moderateReview('admin', id, { hidden: false, reason: 'Edited by the customer' });
    await app.moderateReview('admin', id, { reply: 'Thanks, we have sent you a brighter version.' });
    const [shown] = (await reviewsOf(item.id)).reviews;
    expect(shown).toMatchObject({ id, reply: { body: 'Thanks, we have sent you a brighter version.' } });
    expect(JSON.stringify(shown)).not.toContain('Mentions another shop');
    const audit = await app.db().auditLog.findMany({ where: { target: id }, orderBy: { createdAt: 'asc' }, select: { action: true } });
    expect(audit.map((a) => a.action)).toEqual(['review.hide', 'review.unhide', 'review.reply']);
    await expect(app.moderateReview('admin', 'nosuchreview', { hidden: false })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('sorts newest, highest and lowest, pages with limit and offset, and sums the count per star', async () => {
    const item = await fx.product({ priceCents: 1400 });
    const ratings = [3, 5, 1, 4, 5];
    for (const rating of ratings) {
      const buyer = await fx.user();
      await paidOrder([item.id], buyer);
      await app.createReview(buyer.id, item.id, input(rating));
    }
    const newest = await reviewsOf(item.id);
    expect(newest.reviews.map((r) => r.rating)).toEqual([...ratings].reverse());
    expect(newest).toMatchObject({ average: 3.6, count: 5, distribution: { '1': 1, '2': 0, '3': 1, '4': 1, '5': 2 } });
    expect((await reviewsOf(item.id, { sort: 'highest' })).reviews.map((r) => r.rating)).toEqual([5, 5, 4, 3, 1]);
    expect((await reviewsOf(item.id, { sort: 'lowest', limit: 2 })).reviews.map((r) => r.rating)).toEqual([1, 3]);
    expect((await reviewsOf(item.id, { sort: 'lowest', limit: 2, offset: 2 })).reviews.map((r) => r.rating)).toEqual([4, 5]);

    // Listings and the product itself carry the average and count; an item without reviews carries null.
    expect((await app.getCatalogItem(item.id))?.rating).toEqual({ average: 3.6, count: 5 });
    expect((await app.getCatalogItem(poster.id))?.rating).toEqual({ average: 5, count: 1 });
    const plain = await fx.product({ priceCents: 100 });
    expect((await app.getCatalogItem(plain.id))?.rating).toBeNull();
  });
});
