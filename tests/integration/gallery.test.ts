// Galleries (Decision 086) against real Postgres and the S3-protocol server:
// images added through the upload pipeline (watermarked WebP preview and
// thumbnail in the public bucket), all or nothing; the order, alt texts and
// main image kept in step with the product row; a product that never had a
// gallery keeps its main image when one is first edited; removed images'
// renditions deleted.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';

const fx = createFixtures('Gallery');

async function loadApp() {
  const [catalog, storage, db, images] = await Promise.all([
    import('@/lib/domain/catalog'),
    import('@/lib/infra/storage'),
    import('@/lib/infra/db'),
    import('@/lib/infra/images'),
  ]);
  return { ...catalog, ...storage, db: db.db, PREVIEW_MAX_SIDE: images.PREVIEW_MAX_SIDE, THUMBNAIL_SIZE: images.THUMBNAIL_SIZE };
}

let app: Awaited<ReturnType<typeof loadApp>>;

const png = (r: number) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g: 120, b: 60 } } })
    .png()
    .toBuffer();

async function* each(buffers: Buffer[]): AsyncGenerator<Buffer> {
  for (const buffer of buffers) yield buffer;
}

const keyOf = (path: string) => path.replace(/^\/media\//, '');
const stored = async (path: string) => (await app.headObject('public', keyOf(path))) !== null;

/** A product as uploads leave it: a main image in the product row, no gallery rows. */
async function uploadedProduct() {
  const product = await fx.product({ priceCents: 500 });
  const [preview, thumbnail] = [`previews/${product.id}.webp`, `thumbs/${product.id}.webp`];
  const bytes = await sharp(await png(10))
    .webp()
    .toBuffer();
  await app.putObject('public', preview, bytes, 'image/webp');
  await app.putObject('public', thumbnail, bytes, 'image/webp');
  await app.db().product.update({ where: { id: product.id }, data: { imagePath: `/media/${preview}`, thumbnailPath: `/media/${thumbnail}` } });
  return product;
}

beforeAll(async () => {
  app = await loadApp();
  await app.ensureBuckets();
});

describe('a gallery', () => {
  it('is the main image alone until edited, then keeps it first and adds checked WebP renditions after it', async () => {
    const product = await uploadedProduct();
    expect((await app.getCatalogItem(product.id))?.images).toEqual([
      { id: app.MAIN_IMAGE_ID, imagePath: `/media/previews/${product.id}.webp`, thumbnailPath: `/media/thumbs/${product.id}.webp`, alt: '' },
    ]);
    const gallery = await app.addGalleryImages('admin', product.id, false, each([await png(200), await png(40)]));
    expect(gallery).toHaveLength(3);
    expect(gallery[0]).toMatchObject({ imagePath: `/media/previews/${product.id}.webp` });
    expect(gallery[0].id).not.toBe(app.MAIN_IMAGE_ID);
    for (const image of gallery.slice(1)) {
      expect(image.imagePath).toMatch(new RegExp(`^/media/previews/${product.id}-[0-9a-f]{8}\\.webp$`));
      const preview = await sharp((await app.getObjectBytes('public', keyOf(image.imagePath), 10_000_000))!).metadata();
      expect(preview.format).toBe('webp');
      const thumbnail = await sharp((await app.getObjectBytes('public', keyOf(image.thumbnailPath!), 10_000_000))!).metadata();
      expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', app.THUMBNAIL_SIZE, app.THUMBNAIL_SIZE]);
    }
    expect(await app.db().auditLog.count({ where: { target: product.id, action: 'product.images.add' } })).toBe(1);
  });

  it('reorders with alt texts, the first becoming the main image of the product row; the list must name every image once', async () => {
    const product = await uploadedProduct();
    const [main, second, third] = await app.addGalleryImages('admin', product.id, false, each([await png(90), await png(150)]));
    await expect(app.arrangeGallery('admin', product.id, false, [{ id: third.id, alt: '' }])).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      app.arrangeGallery('admin', product.id, false, [
        { id: third.id, alt: '' },
        { id: third.id, alt: '' },
        { id: main.id, alt: '' },
      ]),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    const arranged = await app.arrangeGallery('admin', product.id, false, [
      { id: third.id, alt: '  Framed on a wall  ' },
      { id: main.id, alt: 'The design' },
      { id: second.id, alt: '' },
    ]);
    expect(arranged.map((i) => [i.id, i.alt])).toEqual([
      [third.id, 'Framed on a wall'],
      [main.id, 'The design'],
      [second.id, ''],
    ]);
    const row = await app.db().product.findUniqueOrThrow({ where: { id: product.id } });
    expect([row.imagePath, row.thumbnailPath]).toEqual([third.imagePath, third.thumbnailPath]);
  });

  it('takes the main image id of a never-edited gallery when it is reordered', async () => {
    const product = await uploadedProduct();
    const arranged = await app.arrangeGallery('admin', product.id, false, [{ id: app.MAIN_IMAGE_ID, alt: 'Poster, front' }]);
    expect(arranged).toMatchObject([{ imagePath: `/media/previews/${product.id}.webp`, alt: 'Poster, front' }]);
  });

  it('removes an image and its renditions, the next becoming main; the last image stays', async () => {
    const product = await uploadedProduct();
    const [main, added] = await app.addGalleryImages('admin', product.id, false, each([await png(220)]));
    const left = await app.removeGalleryImage('admin', product.id, false, main.id);
    expect(left.map((i) => i.id)).toEqual([added.id]);
    expect(await stored(main.imagePath)).toBe(false);
    expect(await stored(main.thumbnailPath!)).toBe(false);
    expect((await app.db().product.findUniqueOrThrow({ where: { id: product.id } })).imagePath).toBe(added.imagePath);
    await expect(app.removeGalleryImage('admin', product.id, false, added.id)).rejects.toMatchObject({ code: 'conflict' });
    await expect(app.removeGalleryImage('admin', product.id, false, 'nosuchimage')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('adds nothing when one image is refused or the gallery would pass 12, and deletes what it had stored', async () => {
    const product = await uploadedProduct();
    const before = await app.db().productImage.count({ where: { productId: product.id } });
    const refused = await app
      .addGalleryImages('admin', product.id, false, each([await png(30), Buffer.from('<svg onload="alert(1)"/>')]))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'unsupported_media_type' });
    const tooMany = await app
      .addGalleryImages('admin', product.id, false, each(await Promise.all(Array.from({ length: 12 }, (_, i) => png(i * 10)))))
      .catch((e: unknown) => e);
    expect(tooMany).toMatchObject({ code: 'invalid_request', message: 'A gallery holds at most 12 images' });
    expect(await app.db().productImage.count({ where: { productId: product.id } })).toBe(before);
    // Only the main image's renditions are left under this product's keys.
    const keys: string[] = [];
    for await (const page of app.listObjects('public', 'previews/')) keys.push(...page.map((o) => o.key).filter((k) => k.startsWith(`previews/${product.id}`)));
    expect(keys).toEqual([`previews/${product.id}.webp`]);
  });

  it('answers not found for a bundle under the product routes, and the other way round', async () => {
    const product = await uploadedProduct();
    const bundle = await fx.product({ priceCents: 900, isBundle: true, bundleOf: [product.id] });
    await expect(app.addGalleryImages('admin', bundle.id, false, each([await png(1)]))).rejects.toMatchObject({ code: 'not_found' });
    await expect(app.arrangeGallery('admin', product.id, true, [{ id: app.MAIN_IMAGE_ID, alt: '' }])).rejects.toMatchObject({ code: 'not_found' });
  });

  it('moves with the main image when the mockup is replaced', async () => {
    const product = await uploadedProduct();
    const [main] = await app.addGalleryImages('admin', product.id, false, each([await png(77)]));
    const replaced = await app.setCatalogItemImage('admin', product.id, await png(66));
    const [first] = (await app.getCatalogItem(product.id))!.images;
    expect(first).toMatchObject({ id: main.id, imagePath: replaced.imagePath, thumbnailPath: replaced.thumbnailPath });
    expect(await stored(main.imagePath)).toBe(false);
  });
});
