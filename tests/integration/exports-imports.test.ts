// CSV exports and the products import (Decision 092) on a real database in test
// payment mode: the orders export's one row per line with tier, discount, GST
// and refunded amount of a partly refunded order, each export's filter, keyset
// batches that neither skip nor repeat a row, and the import's round trip
// (export → edit → dry run → apply changes exactly the edited fields, audited),
// its errors by row and column, and "nothing applied" unless the valid rows are asked for.
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTERED_BUSINESS } from '../support/business';
import { createFixtures } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Export');
const ACTOR = 'owner';

async function loadApp() {
  const [checkout, orders, refunds, exportsModule, importModule, business, db, keyset] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/domain/exports'),
    import('@/lib/domain/product-import'),
    import('@/lib/domain/business'),
    import('@/lib/infra/db'),
    import('@/lib/domain/keyset'),
  ]);
  return { ...checkout, ...orders, ...refunds, ...exportsModule, ...importModule, ...business, db: db.db, EXPORT_BATCH: keyset.EXPORT_BATCH };
}

let app: Awaited<ReturnType<typeof loadApp>>;

/** The CSV as records (the header first), read by the same parser the import uses. */
async function records(stream: ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>): Promise<string[][]> {
  return parse(await new Response(await stream).text()) as string[][];
}

/** Rows as objects by header name. */
async function table(stream: ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>): Promise<Record<string, string>[]> {
  const [header, ...rows] = await records(stream);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

/** Records back to CSV text, quoted as the export writes them. */
const csvOf = (rows: string[][]) => rows.map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';

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

  it('reads every order once across keyset batches, newest first', async () => {
    const item = await fx.product({ priceCents: 100 });
    const email = `batches-${fx.suffix}@example.com`;
    const count = app.EXPORT_BATCH * 2 + 7;
    const start = Date.now() - 3_600_000;
    // Pairs of orders share a timestamp, so the keyset's tie-break on id is exercised at batch edges.
    await app.db().order.createMany({
      data: Array.from({ length: count }, (_, n) => ({
        sessionId: `cs_batch_${fx.suffix}_${n}`,
        customerEmail: email,
        subtotalCents: 100,
        amountCents: 100,
        paymentStatus: 'paid',
        status: 'complete',
        fulfilledAt: new Date(start),
        createdAt: new Date(start + Math.floor(n / 2) * 1000),
      })),
    });
    const orders = await app.db().order.findMany({ where: { customerEmail: email }, select: { id: true } });
    await app.db().orderItem.createMany({ data: orders.map((o) => ({ orderId: o.id, productId: item.id, title: item.title, priceCents: 100 })) });

    const rows = await table(app.ordersCsv({ status: 'paid', customerEmail: email }));
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.order)).size).toBe(count);
    const times = rows.map((r) => Date.parse(r.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
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
});

describe('the products export and import', () => {
  async function catalogue() {
    const tag = randomBytes(3).toString('hex');
    const category = await app.db().category.create({ data: { name: `Prints ${tag}`, subcategories: ['Nursery', 'Quotes'] } });
    const other = await app.db().category.create({ data: { name: `Cards ${tag}`, subcategories: ['Birthday'] } });
    const a = await fx.product({ title: `Round ${tag} A`, priceCents: 1200 });
    const b = await fx.product({ title: `Round ${tag} B`, priceCents: 800, onSale: true, salePriceCents: 600 });
    await app
      .db()
      .product.update({ where: { id: a.id }, data: { categoryId: category.id, subcategory: 'Nursery', tags: ['fox', 'wall'], description: '- first line' } });
    return { category, other, tag, a, b };
  }

  it('round-trips: the export read back is a dry run with no change; an edit changes exactly the edited fields, audited', async () => {
    const { tag, a, b, other } = await catalogue();
    const exported = await records(app.productsCsv({ search: `Round ${tag}` }));
    const [header, ...rows] = exported;
    expect(header).toEqual([...app.PRODUCT_COLUMNS, 'tier_personal', 'tier_commercial', 'tier_extended']);
    expect(rows.map((r) => r[0]).sort()).toEqual([a.id, b.id].sort());
    const col = (name: string) => header.indexOf(name);
    const rowA = rows.find((r) => r[0] === a.id)!;
    // The description starting with "-" was written with the apostrophe of docs/security.md N4.
    expect(rowA[col('description')]).toBe("'- first line");
    expect(rowA[col('tags')]).toBe('fox, wall');

    const unchanged = await app.importProducts(ACTOR, csvOf(exported), { apply: false, applyValidRows: false });
    expect(unchanged).toEqual({ rows: 2, changes: [], errors: [], applied: 0 });

    rowA[col('price')] = '15.5';
    rowA[col('tags')] = 'fox, Nursery Art';
    rowA[col('tier_commercial')] = '40.00';
    rowA[col('category')] = other.name;
    rowA[col('subcategory')] = 'Birthday';
    const rowB = rows.find((r) => r[0] === b.id)!;
    rowB[col('title')] = `Round ${tag} B renamed`;
    rowB[col('tier_extended')] = 'off';
    const before = await app.db().product.findUniqueOrThrow({ where: { id: a.id } });

    const dry = await app.importProducts(ACTOR, csvOf(exported), { apply: false, applyValidRows: false });
    const rowOf = (id: string) => exported.findIndex((r) => r[0] === id) + 1;
    expect(dry.errors).toEqual([]);
    expect(dry.applied).toBe(0);
    expect(dry.changes).toEqual(
      expect.arrayContaining([
        {
          row: rowOf(a.id),
          id: a.id,
          changes: {
            price: { from: '12.00', to: '15.50' },
            tags: { from: 'fox, wall', to: 'fox, nursery art' },
            tier_commercial: { from: '', to: '40.00' },
            category: { from: `Prints ${tag}`, to: other.name },
            subcategory: { from: 'Nursery', to: 'Birthday' },
          },
        },
        { row: rowOf(b.id), id: b.id, changes: { title: { from: `Round ${tag} B`, to: `Round ${tag} B renamed` }, tier_extended: { from: '', to: 'off' } } },
      ]),
    );
    expect(dry.changes).toHaveLength(2);
    // A dry run writes nothing.
    expect((await app.db().product.findUniqueOrThrow({ where: { id: a.id } })).priceCents).toBe(1200);

    const applied = await app.importProducts(ACTOR, csvOf(exported), { apply: true, applyValidRows: false });
    expect(applied.applied).toBe(2);
    const after = await app.db().product.findUniqueOrThrow({ where: { id: a.id }, include: { licencePrices: { include: { tier: true } } } });
    expect(after).toMatchObject({
      priceCents: 1550,
      tags: ['fox', 'nursery art'],
      categoryId: other.id,
      subcategory: 'Birthday',
      title: before.title,
      description: before.description,
      onSale: false,
      salePriceCents: null,
    });
    expect(after.licencePrices.map((p) => [p.tier.key, p.priceCents, p.offered])).toEqual([['commercial', 4000, true]]);
    const afterB = await app.db().product.findUniqueOrThrow({ where: { id: b.id }, include: { licencePrices: { include: { tier: true } } } });
    expect(afterB).toMatchObject({ title: `Round ${tag} B renamed`, priceCents: 800, onSale: true, salePriceCents: 600 });
    expect(afterB.licencePrices.map((p) => [p.tier.key, p.offered])).toEqual([['extended', false]]);
    expect(await app.db().tag.findUnique({ where: { name: 'nursery art' } })).not.toBeNull();

    const audits = await app.db().auditLog.findMany({ where: { action: 'product.import', target: { in: [a.id, b.id] } } });
    expect(audits.map((e) => [e.target, e.actor, (e.details as { columns: string[] }).columns.sort()]).sort()).toEqual(
      [
        [a.id, ACTOR, ['category', 'price', 'subcategory', 'tags', 'tier_commercial']],
        [b.id, ACTOR, ['tier_extended', 'title']],
      ].sort(),
    );
    const summary = await app.db().auditLog.findFirstOrThrow({ where: { action: 'product.import_file' }, orderBy: { createdAt: 'desc' } });
    expect(summary.details).toEqual({ rows: 2, applied: 2, errors: 0 });

    // Imported again, the same file changes nothing more.
    expect((await app.importProducts(ACTOR, csvOf(exported), { apply: true, applyValidRows: false })).applied).toBe(0);
  });

  it('reports every error by row and column, and applies nothing unless the valid rows are asked for', async () => {
    const { tag, a, b } = await catalogue();
    const [header, ...rows] = await records(app.productsCsv({ search: `Round ${tag}` }));
    const col = (name: string) => header.indexOf(name);
    const rowA = rows.find((r) => r[0] === a.id)!;
    const rowB = rows.find((r) => r[0] === b.id)!;
    rowA[col('price')] = '9.00';
    rowB[col('price')] = '12,50';
    rowB[col('category')] = 'No such category';
    const unknown = [...rowA];
    unknown[col('id')] = 'doesnotexist';
    const file = [header, rowA, rowB, unknown];
    const dry = await app.importProducts(ACTOR, csvOf(file), { apply: true, applyValidRows: false });
    expect(dry.applied).toBe(0);
    expect(dry.errors).toEqual([
      { row: 3, column: 'price', message: expect.stringContaining('Not a price') },
      { row: 3, column: 'category', message: 'Unknown category: No such category' },
      { row: 4, column: 'id', message: 'Unknown product id: doesnotexist' },
    ]);
    expect(dry.changes).toEqual([{ row: 2, id: a.id, changes: { price: { from: '12.00', to: '9.00' } } }]);
    expect((await app.db().product.findUniqueOrThrow({ where: { id: a.id } })).priceCents).toBe(1200);

    const valid = await app.importProducts(ACTOR, csvOf(file), { apply: true, applyValidRows: true });
    expect(valid.applied).toBe(1);
    expect(valid.errors).toHaveLength(3);
    expect((await app.db().product.findUniqueOrThrow({ where: { id: a.id } })).priceCents).toBe(900);
    expect((await app.db().product.findUniqueOrThrow({ where: { id: b.id } })).priceCents).toBe(800);
  });

  it('refuses an unknown column or tier, a subcategory outside the category and a sale above the price', async () => {
    const { tag, a, b } = await catalogue();
    const [header, ...rows] = await records(app.productsCsv({ search: `Round ${tag}` }));
    const badHeader = await app.importProducts(ACTOR, csvOf([[...header, 'colour', 'tier_gold'], ...rows.map((r) => [...r, 'red', ''])]), {
      apply: true,
      applyValidRows: true,
    });
    expect(badHeader).toMatchObject({ applied: 0, changes: [] });
    expect(badHeader.errors).toEqual([
      { row: 1, column: 'colour', message: 'Unknown column' },
      { row: 1, column: 'tier_gold', message: 'Unknown licence tier: gold' },
    ]);

    const col = (name: string) => header.indexOf(name);
    const rowA = rows.find((r) => r[0] === a.id)!;
    const rowB = rows.find((r) => r[0] === b.id)!;
    rowA[col('subcategory')] = 'Birthday';
    rowB[col('sale_price')] = '9.00';
    rowB[col('tier_personal')] = 'free';
    const result = await app.importProducts(ACTOR, csvOf([header, ...rows]), { apply: false, applyValidRows: false });
    const rowNumber = (id: string) => rows.findIndex((r) => r[0] === id) + 2;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { row: rowNumber(a.id), column: 'subcategory', message: `Unknown subcategory of Prints ${tag}: Birthday` },
        { row: rowNumber(b.id), column: 'tier_personal', message: expect.stringContaining('Not a price') },
      ]),
    );
    rowB[col('tier_personal')] = '';
    const sale = await app.importProducts(ACTOR, csvOf([header, rowB]), { apply: false, applyValidRows: false });
    expect(sale.errors).toEqual([{ row: 2, column: 'sale_price', message: 'Sale price must be below the regular price' }]);
  });
});
