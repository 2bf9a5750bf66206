// "Frequently bought together" (Decision 089): paid orders counted once by the
// order-insights job, and each product's list (bought with it, then alike),
// against real Postgres in test payment mode.
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Rec');

async function loadApp() {
  const [checkout, orders, insights, catalog, db] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/insights'),
    import('@/lib/domain/catalog'),
    import('@/lib/infra/db'),
  ]);
  return { ...checkout, ...orders, ...insights, ...catalog, db: db.db };
}

let app: Awaited<ReturnType<typeof loadApp>>;
const p: Record<string, { id: string }> = {};

/** A paid order of these products; its id. */
async function paidOrder(productIds: string[]): Promise<string> {
  const { sessionId } = await app.createCheckout({ productIds, userId: null, customerEmail: null, siteUrl: SITE_URL });
  await app.completeTestPayment(sessionId, 'buyer@example.com');
  const order = await app.db().order.findUniqueOrThrow({ where: { sessionId }, select: { id: true } });
  return order.id;
}

beforeAll(async () => {
  app = await loadApp();
  const category = await fx.category();
  for (const key of ['anchor', 'mate', 'third', 'tagged', 'plain', 'gone', 'elsewhere']) p[key] = await fx.product({ priceCents: 400 });
  const prisma = app.db();
  // Oldest first, so the category's newest-first fallback has a known order.
  const at = (n: number) => new Date(Date.UTC(2026, 0, n));
  await prisma.product.update({ where: { id: p.anchor.id }, data: { categoryId: category.id, tags: ['floral'], createdAt: at(1) } });
  await prisma.product.update({ where: { id: p.plain.id }, data: { categoryId: category.id, createdAt: at(5) } });
  await prisma.product.update({ where: { id: p.tagged.id }, data: { categoryId: category.id, tags: ['floral', 'mug'], createdAt: at(2) } });
  await prisma.product.update({ where: { id: p.gone.id }, data: { categoryId: category.id, tags: ['floral'], createdAt: at(6) } });
});

describe('order insights', () => {
  it('counts a paid order once: sales per product and every pair bought together', async () => {
    const first = await paidOrder([p.anchor.id, p.mate.id]);
    const second = await paidOrder([p.anchor.id, p.mate.id, p.third.id]);
    expect(await app.countOrderInsights(first)).toBe(true);
    expect(await app.countOrderInsights(second)).toBe(true);
    // A retried job counts nothing twice.
    expect(await app.countOrderInsights(second)).toBe(false);
    const sales = await app.db().product.findMany({ where: { id: { in: [p.anchor.id, p.third.id] } }, select: { id: true, salesCount: true } });
    expect(Object.fromEntries(sales.map((s) => [s.id, s.salesCount]))).toEqual({ [p.anchor.id]: 2, [p.third.id]: 1 });
    const pairs = await app.db().coPurchase.findMany({ where: { productId: p.anchor.id }, orderBy: { count: 'desc' } });
    expect(pairs.map((r) => [r.otherId, r.count])).toEqual([
      [p.mate.id, 2],
      [p.third.id, 1],
    ]);
  });

  it('never counts an order that is not paid', async () => {
    const { sessionId } = await app.createCheckout({ productIds: [p.elsewhere.id], userId: null, customerEmail: null, siteUrl: SITE_URL });
    const order = await app.db().order.findUniqueOrThrow({ where: { sessionId }, select: { id: true } });
    expect(await app.countOrderInsights(order.id)).toBe(false);
    expect((await app.db().product.findUniqueOrThrow({ where: { id: p.elsewhere.id } })).salesCount).toBe(0);
  });

  it('pairs at most MAX_COUNTED_LINES products of one order', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `p${i}`);
    expect(app.coPurchasePairs(ids)).toHaveLength(app.MAX_COUNTED_LINES * (app.MAX_COUNTED_LINES - 1));
    expect(app.coPurchasePairs(['a', 'a', 'b'])).toEqual([
      ['a', 'b'],
      ['b', 'a'],
    ]);
  });
});

describe('listRecommendedIds', () => {
  it('offers what was bought with it first, then its category sharing a tag, then its category; never itself or a deleted product', async () => {
    await app.db().product.update({ where: { id: p.gone.id }, data: { deletedAt: new Date() } });
    expect(await app.listRecommendedIds(p.anchor.id)).toEqual([p.mate.id, p.third.id, p.tagged.id, p.plain.id]);
    expect(await app.listRecommendedIds(p.anchor.id, 3)).toEqual([p.mate.id, p.third.id, p.tagged.id]);
  });

  it('offers nothing for an unknown or deleted product', async () => {
    expect(await app.listRecommendedIds('nosuchproduct')).toEqual([]);
    expect(await app.listRecommendedIds(p.gone.id)).toEqual([]);
  });
});
