// The demo catalogue seed against real PostgreSQL and S3, in this file's own
// database and buckets (tests/setup/integration-database.ts), so it can count
// every row it wrote.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BANNER } from '@/lib/banner';
import { isSaleActive } from '@/lib/domain/pricing';
import { db } from '@/lib/infra/db';
import { PREVIEW_MAX_SIDE, THUMBNAIL_SIZE } from '@/lib/infra/images';
import { getObject } from '@/lib/infra/storage';
import { DEMO_PRODUCTS, seedDemoCatalogue } from '@/prisma/seed';

let firstRun: { seeded: boolean };
let secondRun: { seeded: boolean };

async function readObject(kind: 'public' | 'private', key: string): Promise<Buffer> {
  const object = await getObject(kind, key);
  expect(object, `${kind} object ${key}`).not.toBeNull();
  return Buffer.from(await new Response(object?.body).arrayBuffer());
}

function isWebp(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
}

function mediaKey(path: string | null): string {
  expect(path).toMatch(/^\/media\/[a-z]+\/[a-z0-9]+\.webp$/);
  return (path as string).slice('/media/'.length);
}

async function catalogueCounts() {
  return {
    products: await db().product.count(),
    files: await db().productFile.count(),
    bundleItems: await db().bundleItem.count(),
    categories: await db().category.count(),
    tags: await db().tag.count(),
    settings: await db().setting.count(),
  };
}

let countsAfterFirst: Awaited<ReturnType<typeof catalogueCounts>>;
let instanceIdAfterFirst: string | undefined;

beforeAll(async () => {
  // Passed explicitly, as `npm test` and `npm start` do.
  const databaseUrl = process.env.DATABASE_URL;
  firstRun = await seedDemoCatalogue(databaseUrl);
  countsAfterFirst = await catalogueCounts();
  instanceIdAfterFirst = (await db().setting.findUnique({ where: { key: 'instance_id' } }))?.value;
  secondRun = await seedDemoCatalogue(databaseUrl);
}, 120_000);

describe('seedDemoCatalogue', () => {
  it('seeds once: the second call does nothing and duplicates nothing', async () => {
    expect(firstRun).toEqual({ seeded: true });
    expect(secondRun).toEqual({ seeded: false });
    expect(await catalogueCounts()).toEqual(countsAfterFirst);
    for (const product of DEMO_PRODUCTS) {
      expect(await db().product.count({ where: { title: product.title } }), product.title).toBe(1);
    }
  });

  it('creates a stable instance id and the demo marker', async () => {
    const instanceId = await db().setting.findUnique({ where: { key: 'instance_id' } });
    expect(instanceId?.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(instanceId?.value).toBe(instanceIdAfterFirst);
    expect(await db().setting.findUnique({ where: { key: 'demo_seeded' } })).not.toBeNull();
  });

  it('writes the default banner', async () => {
    const banner = await db().setting.findUnique({ where: { key: 'banner' } });
    expect(banner?.value).toBe(DEFAULT_BANNER);
  });

  it('leaves the shop with the three default licence tiers, each with its terms (Decision 081)', async () => {
    const tiers = await db().licenceTier.findMany({ orderBy: { position: 'asc' }, include: { terms: true } });
    expect(tiers.map((t) => [t.key, t.name, t.priceBasisPoints, t.retiredAt, t.terms.length])).toEqual([
      ['personal', 'Personal', 10_000, null, 1],
      ['commercial', 'Commercial', 20_000, null, 1],
      ['extended', 'Extended', 50_000, null, 1],
    ]);
  });

  it('creates at least four categories, each with a WebP display image', async () => {
    const categories = await db().category.findMany();
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(categories.some((c) => c.subcategories.length > 0)).toBe(true);
    for (const category of categories) {
      const bytes = await readObject('public', mediaKey(category.displayImagePath));
      expect(isWebp(bytes), category.name).toBe(true);
    }
  });

  it('creates at least 30 priced, tagged, categorised products with unguessable ids', async () => {
    const products = await db().product.findMany({ where: { isBundle: false }, include: { category: true, files: true } });
    const tagNames = new Set((await db().tag.findMany()).map((t) => t.name));
    expect(products.length).toBeGreaterThanOrEqual(30);
    for (const product of products) {
      expect(product.id).toMatch(/^[a-z0-9]{20,}$/);
      expect(product.priceCents).toBeGreaterThanOrEqual(350);
      expect(product.priceCents).toBeLessThanOrEqual(2400);
      expect(product.description.length).toBeGreaterThan(40);
      expect(product.tags.length).toBeGreaterThanOrEqual(2);
      expect(product.tags.length).toBeLessThanOrEqual(4);
      for (const tag of product.tags) expect(tagNames.has(tag), tag).toBe(true);
      expect(product.category).not.toBeNull();
      if (product.subcategory) expect(product.category?.subcategories).toContain(product.subcategory);
      expect(product.files.length).toBeGreaterThanOrEqual(1);
      expect(product.files.length).toBeLessThanOrEqual(2);
    }
    const times = new Set(products.map((p) => p.createdAt.getTime()));
    expect(times.size).toBe(products.length);
  });

  it('puts exactly two products on an active sale', async () => {
    const onSale = await db().product.findMany({ where: { onSale: true } });
    const active = onSale.filter((p) => isSaleActive(p));
    expect(active).toHaveLength(2);
    for (const product of active) {
      expect(product.isBundle).toBe(false);
      expect(product.salePriceCents).toBeLessThan(product.priceCents);
      expect(product.saleEnd?.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    }
  });

  it('creates three bundles of 3–5 products, priced below their parts', async () => {
    const bundles = await db().product.findMany({
      where: { isBundle: true },
      include: { bundleItems: { include: { product: true } }, files: true },
    });
    expect(bundles).toHaveLength(3);
    for (const bundle of bundles) {
      expect(bundle.bundleItems.length).toBeGreaterThanOrEqual(3);
      expect(bundle.bundleItems.length).toBeLessThanOrEqual(5);
      expect(bundle.bundleItems.every((item) => !item.product.isBundle)).toBe(true);
      const sum = bundle.bundleItems.reduce((total, item) => total + item.product.priceCents, 0);
      expect(bundle.priceCents).toBeLessThan(sum);
      expect(bundle.imagePath).toBe(`/media/previews/${bundle.id}.webp`);
      expect(bundle.files.map((f) => f.contentType)).toEqual(['application/pdf']);
    }
  });

  it('stores a watermarked WebP preview and a square thumbnail in the public bucket', async () => {
    const product = await db().product.findFirstOrThrow({ where: { isBundle: false }, orderBy: { createdAt: 'desc' } });
    expect(product.imagePath).toBe(`/media/previews/${product.id}.webp`);
    expect(product.thumbnailPath).toBe(`/media/thumbs/${product.id}.webp`);

    const preview = await readObject('public', mediaKey(product.imagePath));
    expect(isWebp(preview)).toBe(true);
    const previewMeta = await sharp(preview).metadata();
    expect(Math.max(previewMeta.width, previewMeta.height)).toBe(PREVIEW_MAX_SIDE);
    expect(previewMeta.exif).toBeUndefined();

    const thumbnail = await readObject('public', mediaKey(product.thumbnailPath));
    const thumbMeta = await sharp(thumbnail).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', THUMBNAIL_SIZE, THUMBNAIL_SIZE]);
  });

  it('stores every product file in the private bucket with its recorded size', async () => {
    const files = await db().productFile.findMany({ include: { product: true }, orderBy: [{ productId: 'asc' }, { position: 'asc' }] });
    const png = files.find((f) => f.contentType === 'image/png');
    const pdf = files.find((f) => f.contentType === 'application/pdf');
    for (const file of files) {
      expect(file.storageKey).toMatch(new RegExp(`^files/${file.productId}/[0-9a-f-]{36}\\.(png|pdf)$`));
      expect(file.originalFilename).toMatch(/^[A-Za-z0-9-]+\.(png|pdf)$/);
    }

    const pngBytes = await readObject('private', png?.storageKey as string);
    expect(pngBytes.length).toBe(png?.sizeBytes);
    expect(pngBytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const pngMeta = await sharp(pngBytes).metadata();
    expect(pngMeta.width).toBeGreaterThanOrEqual(1500);

    const pdfBytes = await readObject('private', pdf?.storageKey as string);
    expect(pdfBytes.length).toBe(pdf?.sizeBytes);
    const pdfText = pdfBytes.toString('latin1');
    expect(pdfText.startsWith('%PDF-1.4')).toBe(true);
    expect(pdfText.trimEnd().endsWith('%%EOF')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n/.exec(pdfText)?.[1]);
    expect(pdfText.slice(xrefAt, xrefAt + 4)).toBe('xref');
  });

  it('keeps paid files out of the public bucket', async () => {
    const file = await db().productFile.findFirstOrThrow();
    expect(await getObject('public', file.storageKey)).toBeNull();
  });
});
