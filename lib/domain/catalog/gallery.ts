// A product's or bundle's gallery (Decision 086): up to MAX_GALLERY_IMAGES
// images in order, each through the upload pipeline (magic bytes, pixel limit,
// full decode, watermarked preview, WebP thumbnail), with alt text. The first
// is the main image, which the product row repeats for listings, carts and
// orders. A product never edited here has no gallery rows: its gallery is its
// main image alone, and the first edit writes that row (materialise).
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { prepareImage } from '@/lib/domain/uploads';
import { db, type Prisma } from '@/lib/infra/db';
import { MAX_GALLERY_IMAGES } from '@/lib/shop';
import { dropReplacedMedia, refuseImage } from '@/lib/domain/uploads';
import { storeItemImage, type StoredImage } from './images';

export type GalleryImage = { id: string; imagePath: string; thumbnailPath: string | null; alt: string };

/** The id a never-edited gallery gives its one image, until an edit writes its row. */
export const MAIN_IMAGE_ID = 'main';

type Tx = Prisma.TransactionClient;
type GalleryRow = { id: string; imagePath: string; thumbnailPath: string; alt: string };

/** What shoppers see: the rows in order, or the main image alone. */
export function galleryOf(item: { imagePath: string | null; thumbnailPath: string | null; images: GalleryRow[] }): GalleryImage[] {
  if (item.images.length > 0) return item.images.map(({ id, imagePath, thumbnailPath, alt }) => ({ id, imagePath, thumbnailPath, alt }));
  return item.imagePath ? [{ id: MAIN_IMAGE_ID, imagePath: item.imagePath, thumbnailPath: item.thumbnailPath, alt: '' }] : [];
}

const kindName = (isBundle: boolean) => (isBundle ? 'Bundle' : 'Product');

/**
 * Locks the item's row for the rest of the transaction (gallery edits of one
 * item go one at a time) and returns its gallery rows, writing the main
 * image's row first when the gallery was never edited.
 */
async function lockGallery(tx: Tx, id: string, isBundle: boolean): Promise<GalleryRow[]> {
  const locked = await tx.$queryRaw<{ imagePath: string | null; thumbnailPath: string | null }[]>`
    SELECT "imagePath", "thumbnailPath" FROM "Product" WHERE id = ${id} AND "isBundle" = ${isBundle} AND "deletedAt" IS NULL FOR UPDATE`;
  if (locked.length === 0) throw notFound(`${kindName(isBundle)} not found`);
  const rows = await tx.productImage.findMany({ where: { productId: id }, orderBy: { position: 'asc' } });
  const { imagePath, thumbnailPath } = locked[0];
  if (rows.length > 0 || !imagePath) return rows;
  const main = await tx.productImage.create({ data: { productId: id, position: 0, imagePath, thumbnailPath: thumbnailPath ?? imagePath } });
  return [main];
}

/** Writes the order (and alt texts) of `rows` and makes the first the product's main image. */
async function saveOrder(tx: Tx, id: string, rows: GalleryRow[]): Promise<void> {
  for (const [position, row] of rows.entries()) {
    await tx.productImage.update({ where: { id: row.id }, data: { position, alt: row.alt } });
  }
  const main = rows[0];
  await tx.product.update({ where: { id }, data: { imagePath: main?.imagePath ?? null, thumbnailPath: main?.thumbnailPath ?? null } });
}

async function readGallery(id: string): Promise<GalleryImage[]> {
  const item = await db().product.findUniqueOrThrow({
    where: { id },
    select: { imagePath: true, thumbnailPath: true, images: { orderBy: { position: 'asc' } } },
  });
  return galleryOf(item);
}

/**
 * Adds images at the end of the gallery, each checked and stored as it
 * arrives (one image in memory at a time). All or nothing: when one image is
 * refused or the gallery would pass its limit, nothing is added and the
 * renditions already stored are deleted.
 */
export async function addGalleryImages(actor: string, id: string, isBundle: boolean, images: AsyncIterable<Buffer>): Promise<GalleryImage[]> {
  const existing = await db().product.findFirst({
    where: { id, isBundle, deletedAt: null },
    select: { imagePath: true, _count: { select: { images: true } } },
  });
  if (!existing) throw notFound(`${kindName(isBundle)} not found`);
  const room = MAX_GALLERY_IMAGES - (existing._count.images || (existing.imagePath ? 1 : 0));
  const stored: StoredImage[] = [];
  const tooMany = () => invalid(`A gallery holds at most ${MAX_GALLERY_IMAGES} images`, { images: [`At most ${MAX_GALLERY_IMAGES} images in all`] });
  try {
    for await (const bytes of images) {
      if (stored.length >= room) throw tooMany();
      stored.push(await storeItemImage(id, await prepareImage(bytes).catch(refuseImage)));
    }
    if (stored.length === 0) throw invalid('Choose at least one image', { images: ['An image file is required'] });
    await db().$transaction(async (tx) => {
      const rows = await lockGallery(tx, id, isBundle);
      if (rows.length + stored.length > MAX_GALLERY_IMAGES) throw tooMany();
      const added = [];
      for (const [n, image] of stored.entries()) {
        added.push(
          await tx.productImage.create({
            data: { productId: id, position: rows.length + n, imagePath: image.imagePath, thumbnailPath: image.thumbnailPath },
          }),
        );
      }
      await saveOrder(tx, id, [...rows, ...added]);
      await recordAudit(tx, actor, isBundle ? 'bundle.images.add' : 'product.images.add', id, { added: stored.length });
    });
  } catch (error) {
    await dropReplacedMedia(stored.flatMap((image) => [image.imagePath, image.thumbnailPath]));
    throw error;
  }
  return readGallery(id);
}

export type GalleryEntry = { id: string; alt: string };

/** Puts the gallery in the order given, with these alt texts; the list must name every image once. */
export async function arrangeGallery(actor: string, id: string, isBundle: boolean, entries: GalleryEntry[]): Promise<GalleryImage[]> {
  await db().$transaction(async (tx) => {
    const rows = await lockGallery(tx, id, isBundle);
    // A gallery materialised just now still answers to the id its page showed.
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (rows.length === 1) byId.set(MAIN_IMAGE_ID, rows[0]);
    const chosen = entries.map((entry) => byId.get(entry.id));
    const distinct = new Set(chosen);
    if (chosen.some((row) => !row) || distinct.size !== rows.length || entries.length !== rows.length) {
      throw invalid('List every image of the gallery once, in the new order', { images: ['Every image once, and no other'] });
    }
    await saveOrder(
      tx,
      id,
      chosen.map((row, n) => ({ ...(row as GalleryRow), alt: entries[n].alt.trim() })),
    );
    await recordAudit(tx, actor, isBundle ? 'bundle.images.arrange' : 'product.images.arrange', id, { order: chosen.map((row) => row?.id ?? '') });
  });
  return readGallery(id);
}

/** Removes one image; the next becomes the main image when it was the first. The last image stays. */
export async function removeGalleryImage(actor: string, id: string, isBundle: boolean, imageId: string): Promise<GalleryImage[]> {
  const removed = await db().$transaction(async (tx) => {
    const rows = await lockGallery(tx, id, isBundle);
    const target = rows.find((row) => row.id === imageId) ?? (rows.length === 1 && imageId === MAIN_IMAGE_ID ? rows[0] : undefined);
    if (!target) throw notFound('Image not found');
    if (rows.length === 1) throw new AppError('conflict', 'The last image cannot be removed: add another first, or replace it');
    await tx.productImage.delete({ where: { id: target.id } });
    await saveOrder(
      tx,
      id,
      rows.filter((row) => row !== target),
    );
    await recordAudit(tx, actor, isBundle ? 'bundle.images.remove' : 'product.images.remove', id, { image_id: target.id });
    return target;
  });
  await dropReplacedMedia([removed.imagePath, removed.thumbnailPath]);
  return readGallery(id);
}
