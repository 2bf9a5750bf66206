// Replacing a product's, bundle's or category's picture through the same
// checked pipeline as uploads (magic bytes, pixel limit, full decode,
// watermarked preview). Each image gets a new key, because media is served as
// immutable: the old one would stay in caches under the same address.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { notFound } from '@/lib/domain/errors';
import { checkImage, dropReplacedMedia, mediaPath, prepareImage, refuseImage } from '@/lib/domain/uploads';
import { db } from '@/lib/infra/db';
import { makeCategoryImage } from '@/lib/infra/images';
import { deleteObject, putObject } from '@/lib/infra/storage';

export type StoredImage = { imagePath: string; thumbnailPath: string; keys: string[] };

/** Stores a prepared preview and thumbnail under fresh keys. */
export async function storeItemImage(itemId: string, image: { preview: Buffer; thumbnail: Buffer }): Promise<StoredImage> {
  const version = randomUUID().slice(0, 8);
  const preview = `previews/${itemId}-${version}.webp`;
  const thumbnail = `thumbs/${itemId}-${version}.webp`;
  await putObject('public', preview, image.preview, 'image/webp');
  await putObject('public', thumbnail, image.thumbnail, 'image/webp');
  return { imagePath: mediaPath(preview), thumbnailPath: mediaPath(thumbnail), keys: [preview, thumbnail] };
}

/** Sets the mockup of a product or the cover of a bundle: the first image of its gallery. */
export async function setCatalogItemImage(actor: string, id: string, bytes: Buffer): Promise<{ imagePath: string; thumbnailPath: string }> {
  const item = await db().product.findFirst({ where: { id, deletedAt: null }, select: { id: true, isBundle: true } });
  if (!item) throw notFound('Product not found');
  const stored = await storeItemImage(id, await prepareImage(bytes).catch(refuseImage));
  let old: { imagePath: string | null; thumbnailPath: string | null } | null = null;
  try {
    old = await db().$transaction(async (tx) => {
      const current = await tx.product.findFirst({ where: { id, deletedAt: null }, select: { imagePath: true, thumbnailPath: true } });
      if (!current) throw notFound('Product not found');
      await tx.product.update({ where: { id }, data: { imagePath: stored.imagePath, thumbnailPath: stored.thumbnailPath } });
      // An edited gallery's first row is the main image: it changes with it (Decision 086).
      await tx.productImage.updateMany({ where: { productId: id, position: 0 }, data: { imagePath: stored.imagePath, thumbnailPath: stored.thumbnailPath } });
      await recordAudit(tx, actor, item.isBundle ? 'bundle.image' : 'product.image', id);
      return current;
    });
  } catch (error) {
    await Promise.all(stored.keys.map((key) => deleteObject('public', key).catch(() => undefined)));
    throw error;
  }
  await dropReplacedMedia([old.imagePath, old.thumbnailPath]);
  return { imagePath: stored.imagePath, thumbnailPath: stored.thumbnailPath };
}

/** Sets a category's display image (the landscape cover of Browse by Category). */
export async function setCategoryImage(actor: string, id: string, bytes: Buffer): Promise<{ displayImagePath: string }> {
  const category = await db().category.findUnique({ where: { id }, select: { id: true } });
  if (!category) throw notFound('Category not found');
  await checkImage(bytes).catch(refuseImage);
  const cover = await makeCategoryImage(bytes).catch(refuseImage);
  const key = `categories/${id}-${randomUUID().slice(0, 8)}.webp`;
  await putObject('public', key, cover, 'image/webp');
  let previous: string | null = null;
  try {
    previous = await db().$transaction(async (tx) => {
      const current = await tx.category.findUnique({ where: { id }, select: { displayImagePath: true } });
      if (!current) throw notFound('Category not found');
      await tx.category.update({ where: { id }, data: { displayImagePath: mediaPath(key) } });
      await recordAudit(tx, actor, 'category.image', id);
      return current.displayImagePath;
    });
  } catch (error) {
    await deleteObject('public', key).catch(() => undefined);
    throw error;
  }
  await dropReplacedMedia([previous]);
  return { displayImagePath: mediaPath(key) };
}
