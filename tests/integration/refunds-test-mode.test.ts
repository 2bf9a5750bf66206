// Refunds in test payment mode, on real Postgres and S3: the back office's
// refund of chosen items apportions the order's total to the cent, ends only
// those items' downloads (single files and the ZIP), gives a gift card its
// share back, stops counting the items as owned and emails the customer once.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { unzip } from '../support/unzip';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Refund');
const clientIp = `10.40.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [checkout, orders, refunds, downloads, storage, errors, db, jobs, handlers, fileRoute, allRoute, invoices, membership, sessions] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/domain/downloads'),
    import('@/lib/infra/storage'),
    import('@/lib/domain/errors'),
    import('@/lib/infra/db'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/background-work'),
    import('@/app/api/download/[sessionId]/[productId]/route'),
    import('@/app/api/download/[sessionId]/all/route'),
    import('@/lib/domain/invoices'),
    import('@/lib/domain/membership'),
    import('@/lib/http/session'),
  ]);
  return {
    ...checkout,
    ...orders,
    ...refunds,
    ...downloads,
    ...storage,
    AppError: errors.AppError,
    db: db.db,
    runDueJobs: jobs.runDueJobs,
    registerJobHandlers: handlers.registerJobHandlers,
    fileRoute: fileRoute.GET,
    allRoute: allRoute.GET,
    orderInvoicePdf: invoices.orderInvoicePdf,
    isActiveMember: membership.isActiveMember,
    getMembershipStatus: membership.getMembershipStatus,
    issueSessionToken: sessions.issueSessionToken,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let cheap: { id: string; title: string };
let dear: { id: string; title: string };

async function storeFile(name: string) {
  const key = `it-refunds/${fx.suffix}/${name}`;
  await app.putObject('private', key, Buffer.from(`${name} ${randomBytes(16).toString('hex')}`), 'application/pdf');
  return { storageKey: key, originalFilename: name };
}

async function paidOrder(productIds: string[], options: { userId?: string | null; discountCode?: string } = {}) {
  const email = `refund-${randomBytes(4).toString('hex')}@example.com`;
  const { sessionId } = await app.createCheckout({
    productIds,
    userId: options.userId ?? null,
    customerEmail: email,
    discountCode: options.discountCode ?? null,
    siteUrl: SITE_URL,
  });
  if (!sessionId.startsWith('cs_free_')) await app.completeTestPayment(sessionId, null);
  return { sessionId, email };
}

const get = async (route: typeof app.fileRoute, sessionId: string, productId?: string, userId?: string) => {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp };
  if (userId) headers.authorization = `Bearer ${await app.issueSessionToken(await app.db().user.findUniqueOrThrow({ where: { id: userId } }))}`;
  return route(new Request(`${SITE_URL}/api/download/${sessionId}/${productId ?? 'all'}`, { headers }), {
    params: Promise.resolve({ sessionId, productId: productId ?? 'all' }),
  });
};

async function errorOf(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

beforeAll(async () => {
  app = await loadApp();
  await app.ensureBuckets();
  cheap = await fx.product({ title: `Cheap ${fx.suffix}`, priceCents: 1000, files: [await storeFile('cheap.pdf')] });
  dear = await fx.product({ title: `Dear ${fx.suffix}`, priceCents: 2500, files: [await storeFile('dear.pdf')] });
  app.registerJobHandlers();
});

describe('apportioning', () => {
  it('splits a total over items by price, to the cent, by largest remainder', () => {
    expect(app.apportionCents(3000, [1000, 2500])).toEqual([857, 2143]);
    expect(app.apportionCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(app.apportionCents(0, [500, 700])).toEqual([0, 0]);
    const shares = app.apportionCents(9999, [333, 1, 4567, 89]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9999);
  });
});

describe('refunding one item of two, paid partly with a gift card', () => {
  it('refunds the item’s exact share, returns its share of the card, ends only its downloads, emails once', async () => {
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 500 });
    const { sessionId, email } = await paidOrder([cheap.id, dear.id], { userId: null, discountCode: card.code });
    const order = await app.db().order.findUniqueOrThrow({ where: { sessionId } });
    expect(order.amountCents).toBe(3000);
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).currentBalanceCents).toBe(0);
    const invoiceBefore = Buffer.from((await app.orderInvoicePdf({ sessionId, userId: null })).body);

    const refund = await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id] });
    // 3000 × 1000/3500 = 857.14… and 3000 × 2500/3500 = 2142.86…: the spare cent goes to the larger remainder.
    expect(refund).toMatchObject({ amountCents: 857, voucherReturnedCents: 143, productIds: [cheap.id], throughStripe: false });
    const voucher = await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } });
    expect(voucher).toMatchObject({ currentBalanceCents: 143, status: 'active' });

    const refused = await get(app.fileRoute, sessionId, cheap.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'This item was refunded, so its downloads have ended', code: 'forbidden' });
    expect((await get(app.fileRoute, sessionId, dear.id)).status).toBe(302);
    const zip = await get(app.allRoute, sessionId);
    expect(zip.status).toBe(200);
    expect((await unzip(Buffer.from(await zip.arrayBuffer()))).map((e) => e.name)).toEqual([`Dear ${fx.suffix}/dear.pdf`]);

    // The rest of the order: 2143 cents, and the card's remaining 357.
    const rest = await app.refundOrder({ actor: 'admin', sessionId });
    expect(rest).toMatchObject({ amountCents: 2143, voucherReturnedCents: 357, productIds: [dear.id] });
    expect((await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).currentBalanceCents).toBe(500);
    expect((await get(app.allRoute, sessionId)).status).toBe(403);

    await app.runDueJobs();
    await app.runDueJobs();
    const mails = await app.db().outboxEmail.findMany({ where: { to: email, subject: { contains: 'refunded' } }, orderBy: { createdAt: 'asc' } });
    expect(mails).toHaveLength(2);
    const first = mails.find((m) => m.text.includes(cheap.title));
    expect(first?.text).toContain('Refunded to your card: 8.57 AUD');
    expect(first?.text).toContain('Returned to your gift card: 1.43 AUD');
    expect(first?.text).not.toContain(dear.title);
    // The tax invoice stays the document of the original sale.
    expect(Buffer.from((await app.orderInvoicePdf({ sessionId, userId: null })).body).equals(invoiceBefore)).toBe(true);
    const audit = await app.db().auditLog.findMany({ where: { action: 'order.refund', target: order.id } });
    expect(audit.map((a) => (a.details as { amount_cents: number }).amount_cents).sort()).toEqual([2143, 857]);
  });
});

describe('refusals', () => {
  it('answers an unknown order 404, a product not in it 400, an item refunded already 409, and records nothing', async () => {
    const { sessionId, email } = await paidOrder([cheap.id]);
    expect(await errorOf(app.refundOrder({ actor: 'admin', sessionId: 'cs_test_nope' }))).toMatchObject({ code: 'not_found' });
    expect(await errorOf(app.refundOrder({ actor: 'admin', sessionId, productIds: [dear.id] }))).toMatchObject({
      code: 'invalid_request',
      fields: { product_ids: [dear.id] },
    });
    await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id] });
    // A repeated request: refused, and still one refund and one email.
    expect(await errorOf(app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id] }))).toMatchObject({ code: 'conflict' });
    expect(await errorOf(app.refundOrder({ actor: 'admin', sessionId }))).toMatchObject({ code: 'conflict' });
    await app.runDueJobs();
    await app.runDueJobs();
    expect(await app.db().refund.count({ where: { order: { sessionId } } })).toBe(1);
    expect(await app.db().outboxEmail.count({ where: { to: email, subject: { contains: 'refunded' } } })).toBe(1);
  });

  it('refuses an order that was never paid (409)', async () => {
    const { sessionId } = await app.createCheckout({ productIds: [cheap.id], userId: null, customerEmail: null, siteUrl: SITE_URL });
    expect(await errorOf(app.refundOrder({ actor: 'admin', sessionId }))).toMatchObject({ code: 'conflict', message: 'Only a paid order can be refunded' });
  });
});

describe('a member’s $0 order and what the customer owns', () => {
  it('records the revocation at 0 cents, and the item is no longer owned', async () => {
    const member = await fx.user({ membershipEndsAt: new Date(Date.now() + 86_400_000) });
    const { sessionId } = await paidOrder([cheap.id, dear.id], { userId: member.id });
    expect(sessionId.startsWith('cs_free_')).toBe(true);
    expect((await app.ownedProductIds(member.id)).sort()).toEqual([cheap.id, dear.id].sort());
    const refund = await app.refundOrder({ actor: 'admin', sessionId, productIds: [dear.id] });
    expect(refund).toMatchObject({ amountCents: 0, voucherReturnedCents: 0, throughStripe: false });
    expect(await app.ownedProductIds(member.id)).toEqual([cheap.id]);
    const listed = (await app.listCustomerOrders(member.id)).find((o) => o.sessionId === sessionId)!;
    const byId = new Map(listed.items.map((i) => [i.productId, i]));
    expect(byId.get(dear.id)).toMatchObject({ files: [] });
    expect(byId.get(dear.id)!.refundedAt).toBeInstanceOf(Date);
    expect(byId.get(cheap.id)).toMatchObject({ refundedAt: null, files: [{ filename: 'cheap.pdf' }] });
  });
});

describe('a membership payment', () => {
  /** A test-mode member (their first period paid) with a $0 member checkout of `cheap`. */
  async function member() {
    const user = await fx.user();
    const { sessionId } = await app.startSubscription({ user, interval: 'month', siteUrl: SITE_URL });
    await app.completeTestPayment(sessionId, null);
    expect(await app.isActiveMember(user.id)).toBe(true);
    const free = await paidOrder([cheap.id], { userId: user.id });
    expect((await get(app.fileRoute, free.sessionId, cheap.id, user.id)).status).toBe(302);
    return { user, sessionId, memberOrder: free.sessionId };
  }

  it('refunded, ends the membership now by default, and its member downloads with it', async () => {
    const { user, sessionId, memberOrder } = await member();
    const refund = await app.refundOrder({ actor: 'admin', sessionId, idempotencyKey: `mem-${fx.suffix}-1` });
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 3500, productIds: [], throughStripe: false, membershipEnd: 'now' });
    expect(await app.isActiveMember(user.id)).toBe(false);
    const refused = await get(app.fileRoute, memberOrder, cheap.id, user.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ detail: 'Downloads from member checkouts need an active membership' });
    expect(await app.ownedProductIds(user.id)).toEqual([]);
    // A membership payment is refunded whole: it has no items to choose.
    const items = await errorOf(app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id] }));
    expect(items).toMatchObject({ code: 'invalid_request', fields: { product_ids: ['Not for membership payments'] } });
  });

  it('refunded to run to the end of its paid period, stays a member who does not renew', async () => {
    const { user, sessionId, memberOrder } = await member();
    expect(await app.refundOrder({ actor: 'admin', sessionId, membershipEnd: 'period_end' })).toMatchObject({ membershipEnd: 'period_end' });
    expect(await app.isActiveMember(user.id)).toBe(true);
    expect(await app.getMembershipStatus(user.id)).toMatchObject({ isMember: true, cancelAtPeriodEnd: true });
    expect((await get(app.fileRoute, memberOrder, cheap.id, user.id)).status).toBe(302);
  });
});

describe('the download log', () => {
  it('lists every download with its file and client address, as CSV that never starts a formula', async () => {
    const risky = await fx.product({ title: `=HYPERLINK("x") ${fx.suffix}`, priceCents: 900, files: [await storeFile('+cmd.pdf')] });
    const { sessionId } = await paidOrder([risky.id]);
    expect((await get(app.fileRoute, sessionId, risky.id)).status).toBe(302);
    const rows = await app.listOrderDownloads(sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ productId: risky.id, filename: '+cmd.pdf', ip: clientIp });
    const csv = app.downloadLogCsv(rows).split('\r\n');
    expect(csv[0]).toBe('downloaded_at,product_id,product,file,client_address,customer_account');
    expect(csv[1]).toContain(`"'=HYPERLINK(""x"") ${fx.suffix}","'+cmd.pdf","${clientIp}"`);
    const page = await app.listAdminOrders({ status: 'all', search: sessionId, limit: 5, offset: 0 });
    expect(page.orders[0]).toMatchObject({ downloadCount: 1, downloads: [{ filename: '+cmd.pdf', ip: clientIp }] });
  });
});
