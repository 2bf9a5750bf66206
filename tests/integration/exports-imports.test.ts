// The orders and customers CSV exports (Decision 092) on a real database in test
// payment mode: the orders export's one row per line with tier, discount, GST
// and refunded amount of a partly refunded order, each export's filter, and
// keyset batches that neither skip nor repeat a row.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTERED_BUSINESS } from '../support/business';
import { table } from '../support/csv-files';
import { createFixtures } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Export');
const ACTOR = 'owner';

async function loadApp() {
  const [checkout, orders, refunds, exportsModule, business, db, keyset] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/domain/exports'),
    import('@/lib/domain/business'),
    import('@/lib/infra/db'),
    import('@/lib/domain/keyset'),
  ]);
  return { ...checkout, ...orders, ...refunds, ...exportsModule, ...business, db: db.db, EXPORT_BATCH: keyset.EXPORT_BATCH };
}

let app: Awaited<ReturnType<typeof loadApp>>;

async function paidOrder(items: { productId: string; licence?: string }[], discountCode?: string) {
  const email = `export-${randomBytes(4).toString('hex')}@example.com`;
  const { sessionId } = await app.createCheckout({ items, userId: null, customerEmail: email, discountCode: discountCode ?? null, siteUrl: SITE_URL });
  await app.completeTestPayment(sessionId, null);
  return { sessionId, email };
}

beforeAll(async () => {
  app = await loadApp();
  await app.saveBusinessDetails('admin', REGISTERED_BUSINESS);
});

describe('the orders export', () => {
  it('writes one row per line with its tier, discount share, GST and refunded amount (a partly refunded order)', async () => {
    const print = await fx.product({ title: `Print ${fx.suffix}`, priceCents: 3000 });
    const card = await fx.product({ title: `Card ${fx.suffix}`, priceCents: 1000 });
    const code = await fx.voucher({ type: 'percentage', usageType: 'reusable', basisPoints: 2000 });
    const { sessionId, email } = await paidOrder([{ productId: print.id, licence: 'commercial' }, { productId: card.id }], code.code);
    // 60.00 (commercial: 2 × 30.00) + 10.00, less 20 %: 56.00, split 48.00 and 8.00 by price.
    expect((await app.db().order.findUniqueOrThrow({ where: { sessionId } })).amountCents).toBe(5600);
    await app.refundOrder({ actor: ACTOR, sessionId, productIds: [card.id] });

    const rows = await table(app.ordersCsv({ status: 'all', search: sessionId }));
    expect(rows).toHaveLength(2);
    const byProduct = new Map(rows.map((r) => [r.product_id, r]));
    expect(byProduct.get(print.id)).toMatchObject({
      order: sessionId,
      customer: email,
      product: print.title,
      tier: 'Commercial',
      price: '60.00',
      discount: '12.00',
      price_paid: '48.00',
      gst: '4.36',
      refunded: '0.00',
      status: 'paid',
    });
    expect(byProduct.get(card.id)).toMatchObject({
      tier: 'Personal',
      price: '10.00',
      discount: '2.00',
      price_paid: '8.00',
      gst: '0.73',
      refunded: '8.00',
      status: 'refunded',
    });
    expect(new Date(rows[0].date).getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it("honours the tab's filters: status, customer email and dates", async () => {
    const item = await fx.product({ priceCents: 1500 });
    const paid = await paidOrder([{ productId: item.id }]);
    const open = await app.createCheckout({ productIds: [item.id], userId: null, customerEmail: paid.email, siteUrl: SITE_URL });
    const sessions = async (filter: Parameters<typeof app.ordersCsv>[0]) => (await table(app.ordersCsv(filter))).map((r) => r.order);

    expect(await sessions({ status: 'paid', customerEmail: paid.email })).toEqual([paid.sessionId]);
    expect(await sessions({ status: 'open', customerEmail: paid.email })).toEqual([open.sessionId]);
    expect((await sessions({ status: 'all', customerEmail: paid.email })).sort()).toEqual([paid.sessionId, open.sessionId].sort());
    expect(await sessions({ status: 'all', customerEmail: paid.email, endDate: new Date(Date.now() - 86_400_000) })).toEqual([]);
  });

  /** `count` paid one-line orders of 1.00 for a new address, the nth created at `createdAt(n)`; the address. */
  async function paidOrdersAt(tag: string, count: number, createdAt: (n: number) => Date): Promise<string> {
    const item = await fx.product({ priceCents: 100 });
    const email = `${tag}-${fx.suffix}@example.com`;
    await app.db().order.createMany({
      data: Array.from({ length: count }, (_, n) => ({
        sessionId: `cs_${tag}_${fx.suffix}_${n}`,
        customerEmail: email,
        subtotalCents: 100,
        amountCents: 100,
        paymentStatus: 'paid',
        status: 'complete',
        fulfilledAt: createdAt(0),
        createdAt: createdAt(n),
      })),
    });
    const orders = await app.db().order.findMany({ where: { customerEmail: email }, select: { id: true } });
    await app.db().orderItem.createMany({ data: orders.map((o) => ({ orderId: o.id, productId: item.id, title: item.title, priceCents: 100 })) });
    return email;
  }

  it('reads every order once across keyset batches, newest first', async () => {
    const count = app.EXPORT_BATCH * 2 + 7;
    const start = Date.now() - 3_600_000;
    // Pairs of orders share a timestamp, so the keyset's tie-break on id is exercised at batch edges.
    const email = await paidOrdersAt('batch', count, (n) => new Date(start + Math.floor(n / 2) * 1000));

    const rows = await table(app.ordersCsv({ status: 'paid', customerEmail: email }));
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.order)).size).toBe(count);
    const times = rows.map((r) => Date.parse(r.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('reads every order once when whole batches share one timestamp', async () => {
    const count = app.EXPORT_BATCH * 2 + 3;
    const createdAt = new Date(Date.now() - 7_200_000);
    const email = await paidOrdersAt('same', count, () => createdAt);

    const rows = await table(app.ordersCsv({ status: 'paid', customerEmail: email }));
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.order)).size).toBe(count);
  });
});

describe('the customers export', () => {
  it('lists the accounts the search matches, with their paid orders and spend', async () => {
    const user = await fx.user();
    const other = await fx.user();
    const item = await fx.product({ priceCents: 2200 });
    const { sessionId } = await app.createCheckout({ productIds: [item.id], userId: user.id, customerEmail: user.email, siteUrl: SITE_URL });
    await app.completeTestPayment(sessionId, user.email);

    const rows = await table(app.customersCsv({ search: user.email }));
    expect(rows).toEqual([expect.objectContaining({ id: user.id, email: user.email, name: user.name, paid_orders: '1', spent: '22.00', member: 'false' })]);
    expect((await table(app.customersCsv({ search: fx.suffix }))).map((r) => r.id).sort()).toEqual([user.id, other.id].sort());
  });

  it('reads every account once across batches that share one timestamp, ids descending', async () => {
    const tag = `samecust${fx.suffix}`.toLowerCase();
    const count = app.EXPORT_BATCH * 2 + 3;
    const createdAt = new Date(Date.now() - 7_200_000);
    await app.db().user.createMany({
      data: Array.from({ length: count }, (_, n) => ({ email: `${tag}-${n}@example.com`, name: `Same ${n}`, passwordHash: 'not-a-real-hash', createdAt })),
    });
    const ids = (await table(app.customersCsv({ search: tag }))).map((r) => r.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toEqual([...ids].sort().reverse());
  });
});
