// GST invoices: the invoice route against real Postgres. Each PDF's text is
// read back out of its (deflated) content streams and checked line by line.
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

const fx = createFixtures('Invoice');
const clientIp = `10.32.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [invoices, checkout, orders, db, route, sessions, emails] = await Promise.all([
    import('@/lib/domain/invoices'),
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/infra/db'),
    import('@/app/api/orders/invoice/[sessionId]/route'),
    import('@/lib/http/session'),
    import('@/lib/domain/emails'),
  ]);
  return {
    sendOrderEmail: emails.sendOrderEmail,
    ...invoices,
    ...checkout,
    ...orders,
    issueSessionToken: sessions.issueSessionToken,
    db: db.db,
    invoiceRoute: route.GET,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;

const REGISTERED = REGISTERED_BUSINESS;

async function paidOrder(productIds: string[], userId: string | null = null) {
  const result = await app.createCheckout({ productIds, userId, customerEmail: userId ? null : 'guest@example.com', siteUrl: SITE_URL });
  await app.completeTestPayment(result.sessionId, 'buyer@example.com');
  return result.sessionId;
}

function callRoute(sessionId: string, token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return app.invoiceRoute(new Request(`${SITE_URL}/api/orders/invoice/${sessionId}`, { headers }), { params: Promise.resolve({ sessionId }) });
}

async function invoiceOf(sessionId: string, token?: string) {
  const response = await callRoute(sessionId, token);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, text: pdfText(bytes), disposition: response.headers.get('content-disposition') };
}

const clearLimits = () => app.db().rateLimit.deleteMany({ where: { key: { endsWith: `:${clientIp}` } } });

let poster: { id: string; title: string };
let pack: { id: string; title: string };

beforeAll(async () => {
  app = await loadApp();
  poster = await fx.product({ title: `Poster ${fx.suffix}`, priceCents: 2300 });
  pack = await fx.product({ title: `Pack ${fx.suffix}`, priceCents: 1000 });
});

describe('ABN check digits', () => {
  it('accepts real ABNs with or without spaces', () => {
    expect(app.isValidAbn('51 824 753 556')).toBe(true);
    expect(app.isValidAbn('51824753556')).toBe(true);
    expect(app.isValidAbn('53 004 085 616')).toBe(true);
  });

  it('refuses a changed digit, a wrong length and letters', () => {
    expect(app.isValidAbn('51 824 753 557')).toBe(false);
    expect(app.isValidAbn('15 824 753 556')).toBe(false);
    expect(app.isValidAbn('5182475355')).toBe(false);
    expect(app.isValidAbn('5182475355a')).toBe(false);
  });

  it('refuses to save business details with an invalid ABN, and formats a valid one', async () => {
    await expect(app.saveBusinessDetails('admin', { ...REGISTERED, abn: '51824753557' })).rejects.toMatchObject({
      code: 'invalid_request',
      fields: { abn: expect.any(Array) },
    });
    await expect(app.saveBusinessDetails('admin', { ...REGISTERED, abn: '' })).rejects.toMatchObject({ code: 'invalid_request' });
    const saved = await app.saveBusinessDetails('admin', { ...REGISTERED, abn: '51824753556' });
    expect(saved.abn).toBe('51 824 753 556');
    expect(await app.getBusinessDetails()).toEqual(saved);
  });
});

describe('GST included', () => {
  it('is one eleventh of the GST-inclusive total, rounded to the cent', () => {
    expect(app.gstIncludedCents(3300)).toBe(300);
    expect(app.gstIncludedCents(1000)).toBe(91);
    expect(app.gstIncludedCents(0)).toBe(0);
  });
});

describe('GET /api/orders/invoice/{sessionId}', () => {
  it("gives a registered business's tax invoice: ABN, date, items with GST-inclusive prices, GST included and total", async () => {
    await app.saveBusinessDetails('admin', REGISTERED);
    await clearLimits();
    const sessionId = await paidOrder([poster.id, pack.id]);
    const { text, disposition } = await invoiceOf(sessionId);
    const order = await app.db().order.findUniqueOrThrow({ where: { sessionId }, include: { invoice: true } });
    const number = `INV-${String(order.invoice!.number).padStart(6, '0')}`;
    expect(disposition).toBe(`inline; filename="${number}.pdf"`);
    expect(text[0]).toBe('Tax invoice');
    expect(text).toContain('Pixel Press Studio Pty Ltd');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('1 George St');
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain(`Date: ${auDate(order.fulfilledAt!)}`);
    expect(text).toContain('Price (incl. GST)');
    const after = (label: string) => text[text.indexOf(label) + 1];
    expect(after(`Pack ${fx.suffix}`)).toBe('10.00 AUD');
    expect(after(`Poster ${fx.suffix}`)).toBe('23.00 AUD');
    expect(after('Total')).toBe('33.00 AUD');
    expect(after('GST included')).toBe('3.00 AUD');
  });

  it('rounds the GST of a $10.00 order to $0.91', async () => {
    await app.saveBusinessDetails('admin', REGISTERED);
    await clearLimits();
    const { text } = await invoiceOf(await paidOrder([pack.id]));
    expect(text[text.indexOf('Total') + 1]).toBe('10.00 AUD');
    expect(text[text.indexOf('GST included') + 1]).toBe('0.91 AUD');
  });

  it('gives an unregistered business a plain invoice with no GST', async () => {
    await app.saveBusinessDetails('admin', { ...REGISTERED, gstRegistered: false, abn: '' });
    await clearLimits();
    const { text } = await invoiceOf(await paidOrder([pack.id]));
    expect(text[0]).toBe('Invoice');
    expect(text).not.toContain('Tax invoice');
    expect(text.join('\n')).not.toMatch(/GST|ABN/);
    expect(text[text.indexOf('Total') + 1]).toBe('10.00 AUD');
  });

  it('gives the same bytes every time, and keeps the details as issued after they change', async () => {
    await app.saveBusinessDetails('admin', REGISTERED);
    await clearLimits();
    const sessionId = await paidOrder([poster.id]);
    const first = await invoiceOf(sessionId);
    const second = await invoiceOf(sessionId);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    await app.saveBusinessDetails('admin', {
      name: 'Renamed Pty Ltd',
      abn: '53 004 085 616',
      address: 'Elsewhere',
      email: 'new@example.com',
      gstRegistered: false,
    });
    const third = await invoiceOf(sessionId);
    expect(third.bytes.equals(first.bytes)).toBe(true);
    expect(third.text).toContain('ABN 51 824 753 556');
    expect(third.text).not.toContain('Renamed Pty Ltd');
    const fresh = await invoiceOf(await paidOrder([poster.id]));
    expect(fresh.text).toContain('Renamed Pty Ltd');
    expect(fresh.text[0]).toBe('Invoice');
  });

  it('shows the details as they were at the payment, even when first asked for after a change', async () => {
    await app.saveBusinessDetails('admin', REGISTERED);
    await clearLimits();
    const paidBefore = await paidOrder([pack.id]);
    await app.saveBusinessDetails('admin', { ...REGISTERED, name: 'Later Name Pty Ltd' });
    const { text } = await invoiceOf(paidBefore);
    expect(text.join('\n')).toContain(REGISTERED.name);
    expect(text.join('\n')).not.toContain('Later Name Pty Ltd');
    const { text: later } = await invoiceOf(await paidOrder([pack.id]));
    expect(later.join('\n')).toContain('Later Name Pty Ltd');
  });

  it('numbers each payment with the payment itself, next in the sequence, before anyone asks for the PDF', async () => {
    await clearLimits();
    const a = await paidOrder([pack.id]);
    const b = await paidOrder([pack.id]);
    const invoices = await app.db().invoice.findMany({ where: { order: { sessionId: { in: [a, b] } } }, include: { order: true }, orderBy: { number: 'asc' } });
    expect(invoices.map((i) => i.order.sessionId)).toEqual([a, b]);
    expect(invoices[1].number).toBe(invoices[0].number + 1);
    expect((await invoiceOf(b)).text).toContain(`Invoice number: INV-${String(invoices[1].number).padStart(6, '0')}`);
  });

  it("refuses another user's order with 404, and serves the owner", async () => {
    await clearLimits();
    const owner = await fx.user();
    const stranger = await fx.user();
    const sessionId = await paidOrder([pack.id], owner.id);
    for (const token of [undefined, await app.issueSessionToken(stranger)]) {
      const response = await callRoute(sessionId, token);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    await invoiceOf(sessionId, await app.issueSessionToken(owner));
  });

  it('refuses an unpaid order and issues no invoice for it', async () => {
    await clearLimits();
    const { sessionId } = await app.createCheckout({ productIds: [pack.id], userId: null, customerEmail: 'guest@example.com', siteUrl: SITE_URL });
    const response = await callRoute(sessionId);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await app.db().invoice.count({ where: { order: { sessionId } } })).toBe(0);
  });

  it('gives a membership payment its invoice', async () => {
    await app.saveBusinessDetails('admin', REGISTERED);
    await clearLimits();
    const user = await fx.user();
    const { sessionId } = await app.startSubscription({ user, interval: 'month', siteUrl: SITE_URL });
    await app.completeTestPayment(sessionId, user.email);
    const { text } = await invoiceOf(sessionId, await app.issueSessionToken(user));
    expect(text[0]).toBe('Tax invoice');
    expect(text[text.indexOf('Monthly membership') + 1]).toBe('35.00 AUD');
    expect(text[text.indexOf('Total') + 1]).toBe('35.00 AUD');
    expect(text[text.indexOf('GST included') + 1]).toBe('3.18 AUD');
  });

  it('is linked from the order email', async () => {
    await clearLimits();
    const sessionId = await paidOrder([pack.id]);
    const order = await app.db().order.findUniqueOrThrow({ where: { sessionId } });
    const to = `invoice-${fx.suffix}@example.com`;
    await app.sendOrderEmail(order.id, { to, sentBy: 'admin' });
    const email = await app.db().outboxEmail.findFirstOrThrow({ where: { to } });
    const url = `${SITE_URL}/api/orders/invoice/${sessionId}`;
    expect(email.text).toContain(`Invoice: ${url}`);
    expect(email.html).toContain(`<a href="${url}">`);
  });
});
