// Bundle credit at checkout (Decision 094) against real Postgres in test payment
// mode: the server works the credit out in the pricing transaction, from what
// the buyer paid for the bundle's items they own, never below the owner's floor.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_WEBHOOK_SECRET;
delete process.env.STRIPE_API_HOST;
delete process.env.SMTP_URL;

const fx = createFixtures('Credit');
const clientIp = `10.33.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [checkout, orders, refunds, credit, db, route, sessions, emails] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/domain/bundle-credit'),
    import('@/lib/infra/db'),
    import('@/app/api/checkout/session/route'),
    import('@/lib/http/session'),
    import('@/lib/domain/emails'),
  ]);
  return {
    ...checkout,
    ...orders,
    ...refunds,
    ...credit,
    db: db.db,
    checkoutRoute: route.POST,
    issueSessionToken: sessions.issueSessionToken,
    sendOrderEmail: emails.sendOrderEmail,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;
type Row = { id: string };
let a: Row, b: Row, c: Row, d: Row;
/** 4 items at 10, 12, 8 and 6 AUD in a 30 AUD bundle. */
let bundle: Row;

const checkout = (productIds: string[], userId: string | null, discountCode?: string) =>
  app.createCheckout({ productIds, userId, customerEmail: userId ? `${userId}@example.com` : null, discountCode: discountCode ?? null, siteUrl: SITE_URL });

async function paidOrder(productIds: string[], userId: string | null, discountCode?: string) {
  const result = await checkout(productIds, userId, discountCode);
  if (!result.freeCheckout) await app.completeTestPayment(result.sessionId, 'buyer@example.com');
  return result.sessionId;
}

const orderOf = (sessionId: string) => app.db().order.findUniqueOrThrow({ where: { sessionId }, include: { items: true } });

async function bundleLine(sessionId: string) {
  const order = await orderOf(sessionId);
  return { order, line: order.items.find((i) => i.productId === bundle.id)! };
}

beforeAll(async () => {
  app = await loadApp();
  a = await fx.product({ priceCents: 1000 });
  b = await fx.product({ priceCents: 1200 });
  c = await fx.product({ priceCents: 800 });
  d = await fx.product({ priceCents: 600 });
  bundle = await fx.product({ priceCents: 3000, isBundle: true, bundleOf: [a.id, b.id, c.id, d.id] });
});

describe('pricing a bundle for a customer who owns some of it', () => {
  it('takes off what they paid for the owned items, and the order line keeps the credit', async () => {
    const buyer = await fx.user();
    await paidOrder([a.id], buyer.id);
    await paidOrder([c.id], buyer.id);
    const { order, line } = await bundleLine((await checkout([bundle.id], buyer.id)).sessionId);
    expect(line).toMatchObject({ priceCents: 3000 - 1800, bundleCreditCents: 1800 });
    expect(order).toMatchObject({ subtotalCents: 1200, amountCents: 1200 });
  });

  it('never goes below the floor (20 % by default), and follows the floor the owner sets', async () => {
    const buyer = await fx.user();
    await paidOrder([a.id, b.id, c.id], buyer.id);
    const first = await bundleLine((await checkout([bundle.id], buyer.id)).sessionId);
    expect(first.line).toMatchObject({ priceCents: 600, bundleCreditCents: 2400 });
    await app.saveBundleFloorPercent('admin', 45);
    try {
      const second = await bundleLine((await checkout([bundle.id], buyer.id)).sessionId);
      expect(second.line).toMatchObject({ priceCents: 1350, bundleCreditCents: 1650 });
    } finally {
      await app.saveBundleFloorPercent('admin', 20);
    }
  });

  it('counts what was paid after a discount, and nothing for a refunded item', async () => {
    const buyer = await fx.user();
    const half = await fx.voucher({ type: 'percentage', usageType: 'reusable', basisPoints: 5000 });
    await paidOrder([a.id], buyer.id, half.code);
    const refunded = await paidOrder([b.id], buyer.id);
    await app.refundOrder({ actor: 'admin', sessionId: refunded });
    const { line } = await bundleLine((await checkout([bundle.id], buyer.id)).sessionId);
    expect(line).toMatchObject({ priceCents: 3000 - 500, bundleCreditCents: 500 });
  });

  it('prices the chosen tier less the credit, whatever tier the owned items were bought in', async () => {
    const buyer = await fx.user();
    // The Commercial tier costs twice the price: 20 AUD for a; the bundle's Extended costs 150 AUD.
    const bought = await app.createCheckout({ items: [{ productId: a.id, licence: 'commercial' }], userId: buyer.id, customerEmail: null, siteUrl: SITE_URL });
    await app.completeTestPayment(bought.sessionId, 'buyer@example.com');
    const result = await app.createCheckout({
      items: [{ productId: bundle.id, licence: 'extended' }],
      userId: buyer.id,
      customerEmail: null,
      siteUrl: SITE_URL,
    });
    const { line } = await bundleLine(result.sessionId);
    expect(line).toMatchObject({ priceCents: 15000 - 2000, bundleCreditCents: 2000 });
  });

  it('applies a discount code after the credit, on what is left', async () => {
    const buyer = await fx.user();
    await paidOrder([a.id], buyer.id);
    const tenth = await fx.voucher({ type: 'percentage', usageType: 'reusable', basisPoints: 1000 });
    const { order, line } = await bundleLine((await checkout([bundle.id], buyer.id, tenth.code)).sessionId);
    expect(line).toMatchObject({ priceCents: 2000, bundleCreditCents: 1000, discountCents: 200 });
    expect(order).toMatchObject({ subtotalCents: 2000, discountCents: 200, amountCents: 1800 });
  });

  it('gives a visitor no credit: the bundle at its full price', async () => {
    const { order, line } = await bundleLine((await checkout([bundle.id], null)).sessionId);
    expect(line).toMatchObject({ priceCents: 3000, bundleCreditCents: 0 });
    expect(order.amountCents).toBe(3000);
  });

  it('ignores a price the browser sends and works the credit out itself', async () => {
    const buyer = await fx.user();
    await paidOrder([d.id], buyer.id);
    const request = new Request(`${SITE_URL}/api/checkout/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp, authorization: `Bearer ${await app.issueSessionToken(buyer)}` },
      body: JSON.stringify([{ product_id: bundle.id, price: 0.5, bundle_credit: 29.5, is_bundle: true }]),
    });
    const response = await app.checkoutRoute(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const { line } = await bundleLine(((await response.json()) as { session_id: string }).session_id);
    expect(line).toMatchObject({ priceCents: 2400, bundleCreditCents: 600 });
  });

  it('names the credit in the order email, under the bundle at its price', async () => {
    const buyer = await fx.user();
    await paidOrder([a.id], buyer.id);
    const sessionId = await paidOrder([bundle.id], buyer.id);
    const { order } = await bundleLine(sessionId);
    const to = `credit-${fx.suffix}@example.com`;
    await app.sendOrderEmail(order.id, { to, sentBy: 'admin' });
    const [email] = await app.db().outboxEmail.findMany({ where: { to } });
    expect(email.text).toContain(
      `• ${(await app.db().product.findUniqueOrThrow({ where: { id: bundle.id } })).title} — 30.00 AUD\n    Credit for items you own: −10.00 AUD`,
    );
    expect(email.text).toContain('Total: 20.00 AUD');
  });

  it('refunds a credited bundle for what was paid, not its full price', async () => {
    const buyer = await fx.user();
    await paidOrder([a.id], buyer.id);
    const sessionId = await paidOrder([bundle.id], buyer.id);
    const refund = await app.refundOrder({ actor: 'admin', sessionId });
    expect(refund.amountCents).toBe(2000);
  });

  it('waits for a refund in progress of an owned item, and then gives no credit for it', async () => {
    const buyer = await fx.user();
    const owned = await paidOrder([a.id], buyer.id);
    const line = (await orderOf(owned)).items[0];
    let checkoutDone = false;
    let pending: Promise<{ sessionId: string }> | null = null;
    // A refund's own transaction: it marks the line refunded, then the checkout starts before it commits.
    await app.db().$transaction(
      async (tx) => {
        await tx.orderItem.update({ where: { id: line.id }, data: { refundedAt: new Date() } });
        pending = checkout([bundle.id], buyer.id).finally(() => {
          checkoutDone = true;
        });
        // Until the checkout is blocked on the refunded line, or (were the lines not held) has finished.
        for (;;) {
          const [{ waiting }] = await app.db().$queryRaw<{ waiting: number }[]>`
            SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
          if (waiting > 0 || checkoutDone) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
      { timeout: 30_000 },
    );
    const { line: credited } = await bundleLine((await pending!).sessionId);
    expect(credited).toMatchObject({ priceCents: 3000, bundleCreditCents: 0 });
  });
});
