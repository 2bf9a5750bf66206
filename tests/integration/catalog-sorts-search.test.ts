import { beforeAll, describe, expect, it } from 'vitest';
import { listCatalog, refreshListPrices, searchCatalog } from '@/lib/domain/catalog';
import { db } from '@/lib/infra/db';

// Sorts, filters and ranked search on a catalogue of its own (Decision 088).
const ids: Record<string, string> = {};
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

beforeAll(async () => {
  const prisma = db();
  const mugs = await prisma.category.create({ data: { name: 'Mugs SS', subcategories: [] } });
  const rows = [
    { key: 'wrap', title: 'Mug Wrap Sunflower', tags: ['summer'], description: 'A bright wrap.', priceCents: 500, createdAt: day(1), salesCount: 9 },
    { key: 'tagged', title: 'Golden Field Tumbler', tags: ['sunflower', 'mug'], description: '', priceCents: 900, createdAt: day(2), salesCount: 3 },
    {
      key: 'described',
      title: 'Meadow Cup Design',
      tags: [],
      description: 'A sunflower for your mug.',
      priceCents: 300,
      createdAt: day(3),
      ratingAverage: 4.5,
      ratingCount: 10,
    },
    { key: 'other', title: 'Retro Cat Sticker', tags: ['cats'], description: '', priceCents: 700, createdAt: day(4), ratingAverage: 4.9, ratingCount: 2 },
    {
      key: 'sale',
      title: 'Daisy Sticker Sheet',
      tags: ['summer'],
      description: '',
      priceCents: 1000,
      onSale: true,
      salePriceCents: 200,
      saleStart: day(1),
      saleEnd: new Date(Date.now() + 86_400_000),
      createdAt: day(5),
    },
    // A sale that has not started: it sorts and filters at its regular price.
    {
      key: 'later',
      title: 'Daisy Later Print',
      tags: [],
      description: '',
      priceCents: 800,
      onSale: true,
      salePriceCents: 100,
      saleStart: new Date(Date.now() + 86_400_000),
      createdAt: day(6),
    },
  ];
  for (const { key, ...row } of rows) ids[key] = (await prisma.product.create({ data: { ...row, categoryId: mugs.id } })).id;
});

const titles = async (page: Promise<{ items: { title: string }[] }>) => (await page).items.map((i) => i.title);

describe('ranked search', () => {
  it('finds "Mug Wrap Sunflower" for "sunflwer mug": a typo corrected, the words in any order', async () => {
    expect(await titles(listCatalog({ search: 'sunflwer mug' }))).toContain('Mug Wrap Sunflower');
  });

  it('ranks title matches above tag matches above description matches', async () => {
    expect(await titles(listCatalog({ search: 'sunflower mug' }))).toEqual(['Mug Wrap Sunflower', 'Golden Field Tumbler', 'Meadow Cup Design']);
    expect(await titles(listCatalog({ search: 'mug sunflwer' }))).toEqual(['Mug Wrap Sunflower', 'Golden Field Tumbler', 'Meadow Cup Design']);
  });

  it('matches a word by its beginning, and every word must match', async () => {
    expect(await titles(listCatalog({ search: 'sunfl' }))).toEqual(['Mug Wrap Sunflower', 'Golden Field Tumbler', 'Meadow Cup Design']);
    expect(await titles(listCatalog({ search: 'sunflower cat' }))).toEqual([]);
  });

  it('counts every match and pages across the ranks', async () => {
    const second = await listCatalog({ search: 'sunflower mug', limit: 1, offset: 1 });
    expect(second.total).toBe(3);
    expect(second.items.map((i) => i.id)).toEqual([ids.tagged]);
    const across = await listCatalog({ search: 'sunflower mug', limit: 2, offset: 1 });
    expect(across.items.map((i) => i.id)).toEqual([ids.tagged, ids.described]);
  });

  it('counts the matches per rank, and reads a page with counts it is told', async () => {
    const filter = { search: 'sunflower mug', limit: 2, offset: 1 };
    const counted = await searchCatalog(filter);
    expect(counted.counts).toEqual([1, 1, 1]);
    const told = await searchCatalog(filter, [1, 1, 1]);
    expect(told.items.map((i) => i.id)).toEqual(counted.items.map((i) => i.id));
  });

  it('orders a search by an explicit sort instead of by rank', async () => {
    expect(await titles(listCatalog({ search: 'sunflower', sort: 'price_asc' }))).toEqual(['Meadow Cup Design', 'Mug Wrap Sunflower', 'Golden Field Tumbler']);
  });

  it('takes any text without breaking the query: operators and quotes are not syntax', async () => {
    for (const search of ['sun & !flower | (mug', "o'brien:*", '\\', '!!!', '<->']) {
      await expect(listCatalog({ search })).resolves.toBeDefined();
    }
  });
});

describe('sorts and filters', () => {
  it('sorts by what a shopper pays now, a running sale at its sale price', async () => {
    expect(await titles(listCatalog({ category: 'Mugs SS', sort: 'price_asc' }))).toEqual([
      'Daisy Sticker Sheet',
      'Meadow Cup Design',
      'Mug Wrap Sunflower',
      'Retro Cat Sticker',
      'Daisy Later Print',
      'Golden Field Tumbler',
    ]);
    expect((await titles(listCatalog({ category: 'Mugs SS', sort: 'price_desc' })))[0]).toBe('Golden Field Tumbler');
  });

  it('sorts by sales and by rating (unrated last)', async () => {
    expect((await titles(listCatalog({ category: 'Mugs SS', sort: 'best_selling' }))).slice(0, 2)).toEqual(['Mug Wrap Sunflower', 'Golden Field Tumbler']);
    expect((await titles(listCatalog({ category: 'Mugs SS', sort: 'top_rated' }))).slice(0, 2)).toEqual(['Retro Cat Sticker', 'Meadow Cup Design']);
  });

  it('filters by price range (inclusive, the sale price during a sale) and by tag', async () => {
    expect(await titles(listCatalog({ category: 'Mugs SS', minPriceCents: 200, maxPriceCents: 500, sort: 'price_asc' }))).toEqual([
      'Daisy Sticker Sheet',
      'Meadow Cup Design',
      'Mug Wrap Sunflower',
    ]);
    expect(await titles(listCatalog({ tag: 'summer' }))).toEqual(['Daisy Sticker Sheet', 'Mug Wrap Sunflower']);
    expect((await listCatalog({ tag: 'summer', search: 'daisy' })).total).toBe(1);
    expect((await listCatalog({ tag: 'no-such-tag' })).total).toBe(0);
  });

  it('keeps the listing price and the word list up to date on edits', async () => {
    await db().product.update({ where: { id: ids.other }, data: { title: 'Retro Catamaran Sticker', priceCents: 150 } });
    expect((await listCatalog({ category: 'Mugs SS', sort: 'price_asc' })).items[0].id).toBe(ids.other);
    expect(await titles(listCatalog({ search: 'catamaran' }))).toEqual(['Retro Catamaran Sticker']);
    expect(await titles(listCatalog({ search: 'catamaren' }))).toEqual(['Retro Catamaran Sticker']);
  });
});

describe('the list-prices job', () => {
  it('moves a product to its sale price once a scheduled sale starts, without a write to it', async () => {
    const saleStart = new Date(Date.now() + 1_500);
    const row = await db().product.create({
      data: { title: 'Scheduled Sale Clip Art', priceCents: 900, onSale: true, salePriceCents: 450, saleStart, saleEnd: new Date(Date.now() + 86_400_000) },
    });
    expect(row.listPriceCents).toBe(900);
    // Waits for the start itself (a condition on the clock, not a guess at how long work takes).
    while (Date.now() <= saleStart.getTime() + 50) await new Promise((r) => setTimeout(r, 100));
    expect(await refreshListPrices()).toBeGreaterThanOrEqual(1);
    expect((await db().product.findUniqueOrThrow({ where: { id: row.id } })).listPriceCents).toBe(450);
    // Up to date: a second run has nothing to do for it.
    await refreshListPrices();
    expect((await db().product.findUniqueOrThrow({ where: { id: row.id } })).listPriceCents).toBe(450);
  });
});
