// The products export and import (Decision 092) on a real database: the round
// trip (export → edit → dry run → apply changes exactly the edited fields,
// audited), errors by row and column, and nothing applied unless the valid rows
// are asked for.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvOf, records } from '../support/csv-files';
import { createFixtures } from '../support/fixtures';

const fx = createFixtures('Import');
const ACTOR = 'owner';

async function loadApp() {
  const [exportsModule, importModule, db] = await Promise.all([
    import('@/lib/domain/exports'),
    import('@/lib/domain/product-import'),
    import('@/lib/infra/db'),
  ]);
  return { ...exportsModule, ...importModule, db: db.db };
}

let app: Awaited<ReturnType<typeof loadApp>>;

beforeAll(async () => {
  app = await loadApp();
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
