// Invoice and adjustment-note numbers have no gaps and no duplicates
// (Decision 075): each is issued inside the transaction that records the
// payment or the refund, from a counter row that concurrent transactions take
// in turn, and a transaction that rolls back gives its number back. Proved with
// 20 payments and 20 refunds at once, one of each failing inside its
// transaction, on real Postgres (test payment mode).
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, settle } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('DocNumbers');
const PARALLEL = 20;

async function loadApp() {
  const [checkout, orders, refunds, invoices, db] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/domain/invoices'),
    import('@/lib/infra/db'),
  ]);
  return { ...checkout, ...orders, ...refunds, orderInvoicePdf: invoices.orderInvoicePdf, db: db.db };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let product: { id: string };

async function openCheckouts(count: number) {
  const sessionIds: string[] = [];
  for (let n = 0; n < count; n++) {
    const email = `numbers-${randomBytes(4).toString('hex')}@example.com`;
    sessionIds.push((await app.createCheckout({ productIds: [product.id], userId: null, customerEmail: email, siteUrl: SITE_URL })).sessionId);
  }
  return sessionIds;
}

/** Inserts into `table` fail for rows `failing` picks out, as a database failing inside that one transaction would. */
async function whileInsertsFail<T>(table: 'Invoice' | 'AdjustmentNote', failing: string, work: () => Promise<T>): Promise<T> {
  await app
    .db()
    .$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION test_insert_fails() RETURNS trigger AS $$ BEGIN IF ${failing} THEN RAISE EXCEPTION 'this transaction fails'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
  await app.db().$executeRawUnsafe(`CREATE TRIGGER test_insert_fails BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION test_insert_fails()`);
  try {
    return await work();
  } finally {
    await app.db().$executeRawUnsafe(`DROP TRIGGER test_insert_fails ON "${table}"`);
  }
}

/** Sorted, and each one more than the one before: no hole, no duplicate. */
function expectConsecutive(numbers: number[]) {
  const sorted = [...numbers].sort((a, b) => a - b);
  expect(sorted).toEqual(sorted.map((_, i) => sorted[0] + i));
  return sorted;
}

/** The numbers after `before`, `count` of them. */
const run = (before: number, count: number) => Array.from({ length: count }, (_, i) => before + 1 + i);

/**
 * The failure the trigger made, once. Others may join it on a loaded machine (a transaction
 * that waited too long for a pooled connection); they took no number, and are paid afterwards.
 */
function expectOneInjectedFailure(failed: unknown[]) {
  expect(failed.filter((e) => String(e).includes('this transaction fails'))).toHaveLength(1);
}

const counter = async (name: string) => (await app.db().documentCounter.findUniqueOrThrow({ where: { name } })).lastNumber;

beforeAll(async () => {
  app = await loadApp();
  product = await fx.product({ priceCents: 1500 });
});

describe('invoice numbers', () => {
  it(`${PARALLEL} payments at once, one rolling back, take consecutive numbers; the failed one, paid again, takes a later one`, async () => {
    const sessionIds = await openCheckouts(PARALLEL);
    const orderIds = await Promise.all(sessionIds.map(async (sessionId) => (await app.db().order.findUniqueOrThrow({ where: { sessionId } })).id));
    const before = await counter('invoice');
    const failing = orderIds[7];
    const { ok, failed } = await whileInsertsFail('Invoice', `NEW."orderId" = '${failing}'`, () =>
      settle(sessionIds.map((sessionId) => app.completeTestPayment(sessionId, null))),
    );
    expectOneInjectedFailure(failed);
    expect(ok.length).toBeGreaterThan(1);
    // Rolled back whole: not paid, no invoice.
    expect(await app.db().order.findUniqueOrThrow({ where: { id: failing }, include: { invoice: true } })).toMatchObject({ fulfilledAt: null, invoice: null });
    const numbersNow = async () => (await app.db().invoice.findMany({ where: { orderId: { in: orderIds } } })).map((i) => i.number);
    expect(expectConsecutive(await numbersNow())).toEqual(run(before, ok.length));
    expect(await counter('invoice')).toBe(before + ok.length);

    // The rest (the failed one, and any a busy machine made wait too long for a connection) paid now.
    for (const sessionId of sessionIds) await app.completeTestPayment(sessionId, null);
    expect(expectConsecutive(await numbersNow())).toEqual(run(before, PARALLEL));
    expect((await app.db().invoice.findUniqueOrThrow({ where: { orderId: failing } })).number).toBeGreaterThan(before + ok.length);
  });

  it('an order paid before numbers came with payments gets one number, however many ask for its invoice at once', async () => {
    const [sessionId] = await openCheckouts(1);
    await app.completeTestPayment(sessionId, null);
    // As if paid before: no invoice yet (the counter gives its number back, as a rolled-back payment would).
    const { id } = await app.db().order.findUniqueOrThrow({ where: { sessionId } });
    const before = await app.db().$transaction(async (tx) => {
      await tx.invoice.delete({ where: { orderId: id } });
      await tx.documentCounter.update({ where: { name: 'invoice' }, data: { lastNumber: { decrement: 1 } } });
      return (await tx.documentCounter.findUniqueOrThrow({ where: { name: 'invoice' } })).lastNumber;
    });
    const pdfs = await Promise.all(Array.from({ length: 10 }, () => app.orderInvoicePdf({ sessionId, userId: null })));
    expect(new Set(pdfs.map((p) => p.filename))).toEqual(new Set([`INV-${String(before + 1).padStart(6, '0')}.pdf`]));
    expect(await counter('invoice')).toBe(before + 1);
  });
});

describe('adjustment-note numbers', () => {
  it(`${PARALLEL} refunds at once, one rolling back, take consecutive numbers, and the rest continue them`, async () => {
    const sessionIds = await openCheckouts(PARALLEL);
    for (const sessionId of sessionIds) await app.completeTestPayment(sessionId, null);
    const failingOrder = (await app.db().order.findUniqueOrThrow({ where: { sessionId: sessionIds[3] } })).id;
    const before = await counter('adjustment_note');
    const { ok, failed } = await whileInsertsFail(
      'AdjustmentNote',
      `EXISTS (SELECT 1 FROM "Refund" WHERE id = NEW."refundId" AND "orderId" = '${failingOrder}')`,
      () => settle(sessionIds.map((sessionId) => app.refundOrder({ actor: 'admin', sessionId }))),
    );
    expectOneInjectedFailure(failed);
    expect(ok.length).toBeGreaterThan(1);
    // Nothing of the failed refund stayed: no refund, its item still downloadable.
    expect(await app.db().refund.count({ where: { orderId: failingOrder } })).toBe(0);
    expect(await app.db().orderItem.count({ where: { orderId: failingOrder, refundedAt: { not: null } } })).toBe(0);
    const numbersNow = async () =>
      (await app.db().adjustmentNote.findMany({ where: { refund: { order: { sessionId: { in: sessionIds } } } } })).map((n) => n.number);
    expect(expectConsecutive(await numbersNow())).toEqual(run(before, ok.length));

    const refunded = new Set(
      (await app.db().refund.findMany({ where: { order: { sessionId: { in: sessionIds } } }, include: { order: true } })).map((r) => r.order.sessionId),
    );
    for (const sessionId of sessionIds.filter((id) => !refunded.has(id))) await app.refundOrder({ actor: 'admin', sessionId });
    expect(expectConsecutive(await numbersNow())).toEqual(run(before, PARALLEL));
    expect(await counter('adjustment_note')).toBe(before + PARALLEL);
  });
});
