// Adjustment notes: each refund of card money has its PDF under the order's
// invoice, against real Postgres. A GST-registered seller's note names the
// invoice it adjusts and the GST in the money given back; an unregistered
// seller's is a plain credit note. Text is read back out of the PDF.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { auDate, REGISTERED_BUSINESS } from '../support/business';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;
// Emails land in the outbox table, where the test can read them.
delete process.env.SMTP_URL;

const fx = createFixtures('AdjNote');
const clientIp = `10.33.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [invoices, checkout, orders, refunds, db, route, sessions, jobs, handlers] = await Promise.all([
    import('@/lib/domain/invoices'),
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/infra/db'),
    import('@/app/api/orders/invoice/[sessionId]/adjustments/[refundId]/route'),
    import('@/lib/http/session'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/background-work'),
  ]);
  return {
    ...invoices,
    ...checkout,
    ...orders,
    ...refunds,
    issueSessionToken: sessions.issueSessionToken,
    db: db.db,
    noteRoute: route.GET,
    runDueJobs: jobs.runDueJobs,
    registerJobHandlers: handlers.registerJobHandlers,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let poster: { id: string; title: string };
let pack: { id: string; title: string };

const REGISTERED = REGISTERED_BUSINESS;

const padded = (n: number) => String(n).padStart(6, '0');

async function paidOrder(productIds: string[], userId: string | null = null) {
  const email = `adj-${randomBytes(4).toString('hex')}@example.com`;
  const { sessionId } = await app.createCheckout({ productIds, userId, customerEmail: userId ? null : email, siteUrl: SITE_URL });
  await app.completeTestPayment(sessionId, email);
  return sessionId;
}

function callRoute(sessionId: string, refundId: string, token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return app.noteRoute(new Request(`${SITE_URL}/api/orders/invoice/${sessionId}/adjustments/${refundId}`, { headers }), {
    params: Promise.resolve({ sessionId, refundId }),
  });
}

async function noteOf(sessionId: string, refundId: string, token?: string) {
  const response = await callRoute(sessionId, refundId, token);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, text: pdfText(bytes), disposition: response.headers.get('content-disposition') };
}

const clearLimits = () => app.db().rateLimit.deleteMany({ where: { key: { endsWith: `:${clientIp}` } } });

beforeAll(async () => {
  app = await loadApp();
  app.registerJobHandlers();
  poster = await fx.product({ title: `Poster ${fx.suffix}`, priceCents: 2300 });
  pack = await fx.product({ title: `Pack ${fx.suffix}`, priceCents: 1000 });
});

describe('GET /api/orders/invoice/{sessionId}/adjustments/{refundId}', () => {
  it("gives a registered seller's adjustment note: the invoice it adjusts, the items, the money and the GST in it", async () => {
    await app.saveBusinessDetails('admin', REGISTERED);
    await clearLimits();
    const sessionId = await paidOrder([poster.id, pack.id]);
    const refund = await app.refundOrder({ actor: 'admin', sessionId, productIds: [poster.id] });
    const { text, disposition, bytes } = await noteOf(sessionId, refund.id);
    const note = await app.db().adjustmentNote.findUniqueOrThrow({ where: { refundId: refund.id } });
    const order = await app.db().order.findUniqueOrThrow({ where: { sessionId }, include: { invoice: true } });
    expect(disposition).toBe(`inline; filename="ADJ-${padded(note.number)}.pdf"`);
    expect(text[0]).toBe('Adjustment note');
    expect(text).toContain('Pixel Press Studio Pty Ltd');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain(`Adjustment note number: ADJ-${padded(note.number)}`);
    const { createdAt } = await app.db().refund.findUniqueOrThrow({ where: { id: refund.id } });
    expect(text).toContain(`Date: ${auDate(createdAt)}`);
    // The invoice is issued with the note when nobody had asked for it yet.
    expect(text).toContain(`For tax invoice INV-${padded(order.invoice!.number)} of ${auDate(order.fulfilledAt!)}`);
    const after = (label: string) => text[text.indexOf(label) + 1];
    expect(after('Items refunded')).toBe(`Poster ${fx.suffix}`);
    expect(text).not.toContain(`Pack ${fx.suffix}`);
    expect(after('Amount refunded (incl. GST)')).toBe('23.00 AUD');
    // 2300 / 11 = 209.09…
    expect(after('GST adjustment')).toBe('-2.09 AUD');
    // The same document every time, under the same number.
    expect((await noteOf(sessionId, refund.id)).bytes.equals(bytes)).toBe(true);
    expect(await app.db().adjustmentNote.count({ where: { refundId: refund.id } })).toBe(1);

    const rest = await app.refundOrder({ actor: 'admin', sessionId });
    const second = await noteOf(sessionId, rest.id);
    expect(second.text).toContain(`Adjustment note number: ADJ-${padded(note.number + 1)}`);
    expect(second.text[second.text.indexOf('Items refunded') + 1]).toBe(`Pack ${fx.suffix}`);
    expect(second.text[second.text.indexOf('GST adjustment') + 1]).toBe('-0.91 AUD');
  });

  it('says what a gift card got back, apart from the taxable amount', async () => {
    await app.saveBusinessDetails('admin', REGISTERED);
    await clearLimits();
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 500 });
    const email = `adj-card-${fx.suffix}@example.com`;
    const { sessionId } = await app.createCheckout({
      productIds: [poster.id, pack.id],
      userId: null,
      customerEmail: email,
      discountCode: card.code,
      siteUrl: SITE_URL,
    });
    await app.completeTestPayment(sessionId, email);
    const refund = await app.refundOrder({ actor: 'admin', sessionId, productIds: [pack.id] });
    // 2800 × 1000/3300 = 848.48…; the card's share of the pack is 1000 − 848 = 152.
    expect(refund).toMatchObject({ amountCents: 848, voucherReturnedCents: 152 });
    const { text } = await noteOf(sessionId, refund.id);
    expect(text[text.indexOf('Amount refunded (incl. GST)') + 1]).toBe('8.48 AUD');
    expect(text[text.indexOf('GST adjustment') + 1]).toBe('-0.77 AUD');
    expect(text[text.indexOf('Also returned to the gift card used') + 1]).toBe('1.52 AUD');
  });

  it("gives an unregistered seller's credit note, with no GST", async () => {
    await app.saveBusinessDetails('admin', { ...REGISTERED, gstRegistered: false, abn: '' });
    await clearLimits();
    const sessionId = await paidOrder([pack.id]);
    const refund = await app.refundOrder({ actor: 'admin', sessionId });
    const { text } = await noteOf(sessionId, refund.id);
    expect(text[0]).toBe('Credit note');
    expect(text.join('\n')).not.toMatch(/GST|ABN|Adjustment note|tax invoice/);
    expect(text.some((line) => /^For invoice INV-\d{6} of /.test(line))).toBe(true);
    expect(text[text.indexOf('Amount refunded') + 1]).toBe('10.00 AUD');
  });

  it("refuses another customer, a visitor and another order's refund with 404, and serves the owner", async () => {
    await clearLimits();
    const owner = await fx.user();
    const stranger = await fx.user();
    const sessionId = await paidOrder([pack.id, poster.id], owner.id);
    const refund = await app.refundOrder({ actor: 'admin', sessionId, productIds: [pack.id] });
    const elsewhere = await app.refundOrder({ actor: 'admin', sessionId: await paidOrder([pack.id]) });
    for (const [refundId, token] of [
      [refund.id, undefined],
      [refund.id, await app.issueSessionToken(stranger)],
      [elsewhere.id, await app.issueSessionToken(owner)],
    ] as const) {
      const response = await callRoute(sessionId, refundId, token);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    await noteOf(sessionId, refund.id, await app.issueSessionToken(owner));
    // My Orders lists the refund with its note.
    const [listed] = (await app.listCustomerOrders(owner.id)).filter((o) => o.sessionId === sessionId);
    expect(listed.refunds).toEqual([{ id: refund.id, refundedAt: expect.any(Date), amountCents: refund.amountCents }]);
  });

  it('is linked from the refund email', async () => {
    await clearLimits();
    const sessionId = await paidOrder([pack.id]);
    const refund = await app.refundOrder({ actor: 'admin', sessionId });
    await app.runDueJobs();
    const order = await app.db().order.findUniqueOrThrow({ where: { sessionId } });
    const email = await app.db().outboxEmail.findFirstOrThrow({ where: { to: order.customerEmail!, subject: { contains: 'refunded' } } });
    expect(email.text).toContain(`Adjustment note: ${SITE_URL}/api/orders/invoice/${sessionId}/adjustments/${refund.id}`);
  });
});
