// Discount codes at checkout against real Postgres (Decision 090): the total
// cap under 20 parallel checkouts, a lapsed order giving its use back once, the
// per-customer cap under parallel checkouts by one customer, new customers
// only, and the figures the back office shows once orders are paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, settle } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_WEBHOOK_SECRET;
delete process.env.STRIPE_API_HOST;
delete process.env.SMTP_URL;

const fx = createFixtures('DcTest');

async function loadApp() {
  const [checkout, orders, discounts, errors, db, jobs] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/discounts'),
    import('@/lib/domain/errors'),
    import('@/lib/infra/db'),
    import('@/lib/domain/jobs'),
  ]);
  return { ...checkout, ...orders, ...discounts, AppError: errors.AppError, db: db.db, stopJobWorker: jobs.stopJobWorker };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let item: { id: string };

const checkout = (code: string, who: { userId?: string | null; email?: string | null } = {}) =>
  app.createCheckout({
    items: [{ productId: item.id }],
    userId: who.userId ?? null,
    customerEmail: who.email ?? null,
    discountCode: code,
    siteUrl: SITE_URL,
  });

const codeRow = (id: string) => app.db().discountCode.findUniqueOrThrow({ where: { id } });
const orderOf = (sessionId: string) => app.db().order.findUniqueOrThrow({ where: { sessionId } });

beforeAll(async () => {
  app = await loadApp();
  item = await fx.product({ priceCents: 2000 });
});

afterAll(async () => {
  await app.stopJobWorker();
});

describe('the total cap under concurrency', () => {
  it('gives exactly 10 of 20 simultaneous checkouts the discount of a 10-use code', async () => {
    const code = await app.createDiscountCode('test', { code: `TEN-${fx.suffix}`, type: 'percentage', value: 25, maxUses: 10 });
    const { ok, failed } = await settle(Array.from({ length: 20 }, () => checkout(code.code)));
    expect(ok).toHaveLength(10);
    expect(failed).toHaveLength(10);
    for (const error of failed) {
      expect(error).toBeInstanceOf(app.AppError);
      expect((error as Error).message).toBe('This discount code has been used up');
    }
    const discounted = await app.db().order.findMany({ where: { discountCodeId: code.id } });
    expect(discounted).toHaveLength(10);
    expect(discounted.every((o) => o.discountCents === 500 && o.amountCents === 1500)).toBe(true);
    expect(await app.db().discountRedemption.count({ where: { discountCodeId: code.id } })).toBe(10);
    expect((await codeRow(code.id)).uses).toBe(10);
  });

  it('gives a lapsed unpaid order’s use back once, so another customer can take it', async () => {
    const code = await app.createDiscountCode('test', { code: `ONE-${fx.suffix}`, type: 'fixed_amount', value: 3, maxUses: 1 });
    const first = await checkout(code.code);
    await expect(checkout(code.code)).rejects.toThrow('This discount code has been used up');

    const order = await orderOf(first.sessionId);
    await app.db().order.update({ where: { id: order.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await app.lapseOrder(order.id);
    await app.lapseOrder(order.id);
    expect(await orderOf(first.sessionId)).toMatchObject({ status: 'expired', fulfilledAt: null });
    expect((await codeRow(code.id)).uses).toBe(0);
    expect(await app.db().discountRedemption.count({ where: { discountCodeId: code.id } })).toBe(0);

    const second = await checkout(code.code);
    expect(await orderOf(second.sessionId)).toMatchObject({ discountCents: 300, amountCents: 1700, discountCodeId: code.id });
    expect((await codeRow(code.id)).uses).toBe(1);
  });
});

describe('rules about the customer', () => {
  it('holds a per-customer cap of 1 when one guest opens 5 checkouts at once, counting one mailbox once', async () => {
    const code = await app.createDiscountCode('test', { code: `EACH-${fx.suffix}`, type: 'percentage', value: 10, maxUsesPerCustomer: 1 });
    await expect(checkout(code.code)).rejects.toThrow('Enter your email address to use this discount code');
    const spellings = ['Jane.Doe@Example.com', 'jane.doe+a@example.com', 'JANE.DOE+b@example.com', 'jane.doe@example.com', ' jane.doe@EXAMPLE.com'];
    const { ok, failed } = await settle(spellings.map((email) => checkout(code.code, { email: `${fx.suffix}${email.trim()}` })));
    expect(ok).toHaveLength(1);
    for (const error of failed) expect((error as Error).message).toBe('You have already used this discount code');
    // Another customer still can.
    await checkout(code.code, { email: `other-${fx.suffix}@example.com` });
    expect((await codeRow(code.id)).uses).toBe(2);
  });

  it('refuses a new-customers-only code to a customer with a paid order, by account or email', async () => {
    const code = await app.createDiscountCode('test', { code: `NEW-${fx.suffix}`, type: 'percentage', value: 15, newCustomersOnly: true });
    const buyer = await fx.user();
    const earlier = await fx.product({ priceCents: 900 });
    const before = await app.createCheckout({
      items: [{ productId: earlier.id }],
      userId: buyer.id,
      customerEmail: buyer.email,
      discountCode: null,
      siteUrl: SITE_URL,
    });
    // An open, unpaid order does not make a customer: only a paid one does.
    await checkout(code.code, { userId: buyer.id, email: buyer.email }).then((r) => app.cancelTestPayment(r.sessionId));
    await app.completeTestPayment(before.sessionId, buyer.email);
    await expect(checkout(code.code, { userId: buyer.id, email: buyer.email })).rejects.toThrow('This discount code is for new customers only');
    await expect(checkout(code.code, { email: buyer.email.toUpperCase() })).rejects.toThrow('This discount code is for new customers only');
    await checkout(code.code, { email: `fresh-${fx.suffix}@example.com` });
  });
});

describe('what the back office shows', () => {
  it('counts paid orders, revenue and discount given; keeps a used code, disabled, when deleted', async () => {
    const code = await app.createDiscountCode('test', { code: `STATS-${fx.suffix}`, type: 'fixed_amount', value: 5 });
    const paid = await checkout(code.code);
    await app.completeTestPayment(paid.sessionId, `stats-${fx.suffix}@example.com`);
    const open = await checkout(code.code);
    expect((await orderOf(open.sessionId)).status).toBe('open');

    const view = await app.getDiscountCodeView(await codeRow(code.id));
    expect(view).toMatchObject({ uses: 2, used: true, stats: { orders: 1, revenueCents: 1500, discountCents: 500 } });
    expect(await app.deleteDiscountCode('test', code.id)).toEqual({ deleted: false, code: code.code });
    expect(await codeRow(code.id)).toMatchObject({ enabled: false });
    await expect(checkout(code.code)).rejects.toThrow('This discount code has been disabled');

    const unused = await app.createDiscountCode('test', { type: 'percentage', value: 5 });
    expect(unused.code).toMatch(/^[A-Z0-9-]{8,}$/);
    expect(await app.deleteDiscountCode('test', unused.id)).toEqual({ deleted: true, code: unused.code });
    expect(await app.db().discountCode.findUnique({ where: { id: unused.id } })).toBeNull();
  });
});
