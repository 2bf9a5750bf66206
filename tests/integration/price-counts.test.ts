// The kept product counts behind every browse listing's "N products"
// (Decision 098), checked against counting the products themselves after each
// kind of write a product gets: single and bulk inserts, price, sale, category,
// subcategory and kind changes, soft and hard deletes, a category deleted under
// its products, and writers racing on one key. This file has a database of its
// own, so the two counts must agree exactly.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { countCatalog, type CatalogFilter } from '@/lib/domain/catalog';
import { db, Prisma } from '@/lib/infra/db';

let mugs: { id: string; name: string };
let prints: { id: string; name: string };

/** The oracle: the products a listing with this filter would show, counted one by one. */
function counted(filter: CatalogFilter): Promise<number> {
  const where: Prisma.ProductWhereInput = { deletedAt: null };
  if (filter.kind === 'product') where.isBundle = false;
  if (filter.kind === 'bundle') where.isBundle = true;
  if (filter.category) where.category = { name: filter.category };
  if (filter.subcategory) where.subcategory = filter.subcategory;
  if (filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined) where.listPriceCents = { gte: filter.minPriceCents, lte: filter.maxPriceCents };
  return db().product.count({ where });
}

const filters = (): CatalogFilter[] => [
  {},
  { kind: 'product' },
  { kind: 'bundle' },
  { category: mugs.name },
  { category: mugs.name, subcategory: 'Wraps' },
  { category: prints.name, kind: 'product' },
  { minPriceCents: 300, maxPriceCents: 900 },
  { category: mugs.name, minPriceCents: 500 },
  { maxPriceCents: 250 },
  { category: 'No such category' },
];

async function expectExactCounts(step: string) {
  for (const filter of filters()) expect(await countCatalog(filter), `${step}: ${JSON.stringify(filter)}`).toBe(await counted(filter));
}

const product = (data: Partial<Prisma.ProductUncheckedCreateInput> & { priceCents: number }) =>
  db().product.create({ data: { title: `Counted ${Math.random().toString(36).slice(2)}`, ...data } });

beforeAll(async () => {
  mugs = await db().category.create({ data: { name: 'Counted Mugs', subcategories: ['Wraps', 'Decals'] } });
  prints = await db().category.create({ data: { name: 'Counted Prints', subcategories: [] } });
});

describe('the kept product counts', () => {
  it('agree with counting the products after every kind of write', async () => {
    await expectExactCounts('empty');
    const a = await product({ priceCents: 500, categoryId: mugs.id, subcategory: 'Wraps' });
    const b = await product({ priceCents: 900, categoryId: mugs.id, subcategory: 'Decals' });
    const c = await product({ priceCents: 200, categoryId: prints.id });
    const bundle = await product({ priceCents: 1500, categoryId: prints.id, isBundle: true });
    await product({ priceCents: 700, categoryId: mugs.id, deletedAt: new Date() });
    await product({ priceCents: 300 });
    // One statement, many rows (an import's batch).
    await db().product.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({ title: `Bulk ${i}`, priceCents: 100 * (1 + (i % 12)), categoryId: i % 2 ? mugs.id : prints.id })),
    });
    await expectExactCounts('inserted');

    await db().product.update({ where: { id: a.id }, data: { priceCents: 800 } });
    await expectExactCounts('price changed');
    await db().product.update({
      where: { id: b.id },
      data: { onSale: true, salePriceCents: 250, saleStart: new Date(Date.now() - 60_000), saleEnd: new Date(Date.now() + 86_400_000) },
    });
    await expectExactCounts('on sale');
    await db().product.update({ where: { id: c.id }, data: { categoryId: mugs.id, subcategory: 'Wraps' } });
    await db().product.update({ where: { id: a.id }, data: { subcategory: null } });
    await db().product.update({ where: { id: bundle.id }, data: { isBundle: false } });
    await expectExactCounts('moved');

    await db().product.update({ where: { id: b.id }, data: { deletedAt: new Date() } });
    await expectExactCounts('deleted');
    await db().product.update({ where: { id: b.id }, data: { deletedAt: null } });
    await expectExactCounts('restored');

    await db().product.updateMany({ where: { categoryId: prints.id }, data: { priceCents: 650 } });
    await db().product.updateMany({ where: { title: { startsWith: 'Bulk 1' } }, data: { deletedAt: new Date() } });
    await expectExactCounts('bulk updates');

    await db().product.delete({ where: { id: c.id } });
    await db().product.deleteMany({ where: { title: { startsWith: 'Bulk 2' } } });
    await expectExactCounts('removed for good');

    // Its products lose the category (ON DELETE SET NULL): a cascaded update.
    await db().category.delete({ where: { id: prints.id } });
    prints = await db().category.create({ data: { name: 'Counted Prints again', subcategories: [] } });
    await expectExactCounts('category deleted');
  });

  it('stay exact when writers race on one key', async () => {
    const before = await counted({ category: mugs.name, minPriceCents: 1234, maxPriceCents: 1234 });
    await Promise.all(Array.from({ length: 12 }, () => product({ priceCents: 1234, categoryId: mugs.id })));
    const rows = await db().product.findMany({ where: { priceCents: 1234 }, select: { id: true } });
    await Promise.all(rows.slice(0, 5).map(({ id }) => db().product.update({ where: { id }, data: { deletedAt: new Date() } })));
    expect(await countCatalog({ category: mugs.name, minPriceCents: 1234, maxPriceCents: 1234 })).toBe(before + 7);
    await expectExactCounts('raced');
  });

  it('are not written, nor locked, by an update that moves no product between counts', async () => {
    const item = await product({ priceCents: 4321, categoryId: mugs.id });
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await db().$transaction(async (tx) => {
        await tx.product.update({ where: { id: item.id }, data: { salesCount: { increment: 1 }, title: 'Renamed while counted' } });
        // Another session can take the counter row at once: the update above holds no lock on it.
        const locked = await other.query(`SELECT products FROM "ProductPriceCount" WHERE "categoryId" = $1 AND "listPriceCents" = 4321 FOR UPDATE NOWAIT`, [
          mugs.id,
        ]);
        expect(locked.rows).toEqual([{ products: 1 }]);
      });
    } finally {
      await other.end();
    }
  });
});
