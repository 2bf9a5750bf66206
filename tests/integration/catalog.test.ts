import { beforeAll, describe, expect, it } from 'vitest';
import { getBannerMessage, getCatalogItem, getCatalogItems, listCatalog, listCategories, listNewestProducts } from '@/lib/domain/catalog';
import { db } from '@/lib/infra/db';
import { DEFAULT_BANNER } from '@/lib/banner';

// A small catalogue of its own in the integration database.
const ids: Record<string, string> = {};

beforeAll(async () => {
  const prisma = db();
  const prints = await prisma.category.create({ data: { name: 'Prints IT', subcategories: ['Nursery', 'Quotes'] } });
  const stickers = await prisma.category.create({ data: { name: 'Stickers IT', subcategories: [] } });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const rows = [
    { key: 'bunny', title: 'Bunny Nursery Print', categoryId: prints.id, subcategory: 'Nursery', tags: ['animals', 'baby'], createdAt: day(1) },
    { key: 'quote', title: 'Be Kind Quote Print', categoryId: prints.id, subcategory: 'Quotes', tags: ['quotes'], createdAt: day(2) },
    { key: 'fox', title: 'Fox Sticker Sheet', categoryId: stickers.id, subcategory: null, tags: ['animals'], createdAt: day(3) },
    { key: 'percent', title: '100% Cotton Label', categoryId: stickers.id, subcategory: null, tags: [], createdAt: day(4) },
    { key: 'gone', title: 'Deleted Bunny Print', categoryId: prints.id, subcategory: 'Nursery', tags: ['animals'], createdAt: day(5), deletedAt: day(6) },
  ];
  for (const { key, ...row } of rows) {
    const created = await prisma.product.create({
      data: { ...row, priceCents: 500, files: { create: { storageKey: `files/${key}/a.png`, originalFilename: `${key}.png` } } },
    });
    ids[key] = created.id;
  }
  const bundle = await prisma.product.create({
    data: {
      title: 'Animal Lovers Bundle',
      isBundle: true,
      priceCents: 800,
      categoryId: prints.id,
      createdAt: day(7),
      bundleItems: {
        create: [
          { productId: ids.fox, position: 0 },
          { productId: ids.bunny, position: 1 },
        ],
      },
    },
  });
  ids.bundle = bundle.id;
});

describe('catalogue reads', () => {
  it('lists products newest first without deleted ones or bundles', async () => {
    const page = await listCatalog({ kind: 'product' });
    expect(page.items.map((i) => i.title)).toEqual(['100% Cotton Label', 'Fox Sticker Sheet', 'Be Kind Quote Print', 'Bunny Nursery Print']);
    expect(page.total).toBe(4);
  });

  it('mixes products and bundles on request', async () => {
    const page = await listCatalog({ kind: 'all', category: 'Prints IT' });
    expect(page.items.map((i) => i.title)).toEqual(['Animal Lovers Bundle', 'Be Kind Quote Print', 'Bunny Nursery Print']);
    expect(page.items[0].bundleProductIds).toEqual([ids.fox, ids.bunny]);
  });

  it('filters by category and subcategory name', async () => {
    const nursery = await listCatalog({ kind: 'product', category: 'Prints IT', subcategory: 'Nursery' });
    expect(nursery.items.map((i) => i.id)).toEqual([ids.bunny]);
    expect((await listCatalog({ category: 'Nope' })).items).toEqual([]);
  });

  it('searches titles case-insensitively and tags exactly', async () => {
    expect((await listCatalog({ kind: 'product', search: 'bUnNy' })).items.map((i) => i.id)).toEqual([ids.bunny]);
    expect((await listCatalog({ kind: 'product', search: 'Animals' })).items.map((i) => i.id)).toEqual([ids.fox, ids.bunny]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await listCatalog({ search: '100%' })).items.map((i) => i.id)).toEqual([ids.percent]);
    expect((await listCatalog({ search: '%' })).items.map((i) => i.id)).toEqual([ids.percent]);
    expect((await listCatalog({ search: '_' })).items).toEqual([]);
  });

  it('pages with limit and offset', async () => {
    const second = await listCatalog({ kind: 'product', limit: 2, offset: 2 });
    expect(second.items.map((i) => i.title)).toEqual(['Be Kind Quote Print', 'Bunny Nursery Print']);
    expect(second.total).toBe(4);
  });

  it('reads one item by kind, hiding deleted ones', async () => {
    expect((await getCatalogItem(ids.bundle, 'bundle'))?.title).toBe('Animal Lovers Bundle');
    expect(await getCatalogItem(ids.bundle, 'product')).toBeNull();
    expect(await getCatalogItem(ids.gone)).toBeNull();
    expect((await getCatalogItems([ids.quote, 'missing', ids.fox])).map((i) => i.id)).toEqual([ids.quote, ids.fox]);
  });

  it('exposes file names and counts but never storage keys', async () => {
    const item = await getCatalogItem(ids.fox);
    expect(item).toMatchObject({ fileCount: 1, originalFilenames: ['fox.png'] });
    expect(JSON.stringify(item)).not.toContain('files/fox');
  });

  it('returns the newest products for the home page', async () => {
    expect((await listNewestProducts(2)).map((i) => i.title)).toEqual(['100% Cotton Label', 'Fox Sticker Sheet']);
  });

  it('lists categories by name with their subcategories', async () => {
    const categories = await listCategories();
    expect(categories.map((c) => c.name)).toEqual(['Prints IT', 'Stickers IT']);
    expect(categories[0].subcategories).toEqual(['Nursery', 'Quotes']);
  });

  it('falls back to the default banner and normalises a saved one', async () => {
    expect(await getBannerMessage()).toBe(DEFAULT_BANNER);
    await db().setting.upsert({ where: { key: 'banner' }, create: { key: 'banner', value: 'hello   world' }, update: { value: 'hello   world' } });
    expect(await getBannerMessage()).toBe('HELLO  WORLD');
  });

  it('serves title searches from the trigram index', async () => {
    // With sequential scans priced out, the planner must find the index usable for ILIKE '%…%'.
    const plan = await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN SELECT id FROM "Product" WHERE title ILIKE '%bunny%'`);
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('Product_title_trgm_idx');
  });
});
