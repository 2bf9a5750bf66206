// Bundles made in the back office. A bundle lists products (never another
// bundle, never a deleted product, at least one), in the admin's order; buyers
// get the files of whatever it contains when they download, so products added
// later reach earlier buyers too (orders/files.ts reads the contents then).
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { invalid } from '@/lib/domain/errors';
import { addToVocabulary, MAX_IMAGE_BYTES, newId, prepareImage, resolveCategory } from '@/lib/domain/uploads';
import { db, type Prisma } from '@/lib/infra/db';
import { composeMosaic } from '@/lib/infra/images';
import { deleteObject, getObjectBytes } from '@/lib/infra/storage';
import { storeItemImage, type StoredImage } from './images';

export const MAX_BUNDLE_PRODUCTS = 500;

export type NewBundle = {
  title: string;
  priceCents: number;
  description?: string;
  category: string;
  subcategory?: string | null;
  tags?: string[];
  productIds: string[];
};

type Tx = Prisma.TransactionClient;

const contentsError = (message: string) => invalid(message, { product_ids: [message] });

/** The ids, duplicates dropped, in the order given; every one a live product that is not a bundle. */
async function checkContents(tx: Tx, productIds: string[]): Promise<string[]> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) throw contentsError('A bundle needs at least one product');
  if (ids.length > MAX_BUNDLE_PRODUCTS) throw contentsError(`A bundle holds at most ${MAX_BUNDLE_PRODUCTS} products`);
  const rows = await tx.product.findMany({ where: { id: { in: ids } }, select: { id: true, isBundle: true, deletedAt: true } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.get(id) || byId.get(id)?.deletedAt);
  if (unknown.length > 0) throw contentsError(`Unknown or deleted products: ${unknown.join(', ')}`);
  const bundles = ids.filter((id) => byId.get(id)?.isBundle);
  if (bundles.length > 0) throw contentsError(`A bundle cannot contain another bundle: ${bundles.join(', ')}`);
  return ids;
}

/**
 * Replaces a bundle's contents (inside the caller's transaction). A product
 * taken out is only marked removed: orders placed before keep its files.
 */
export async function replaceBundleContents(tx: Tx, bundleId: string, productIds: string[]): Promise<string[]> {
  if (productIds.includes(bundleId)) throw contentsError('A bundle cannot contain itself');
  const ids = await checkContents(tx, productIds);
  const now = new Date();
  await tx.bundleItem.updateMany({ where: { bundleId, productId: { notIn: ids }, removedAt: null }, data: { removedAt: now } });
  for (const [position, productId] of ids.entries()) {
    await tx.bundleItem.upsert({
      where: { bundleId_productId: { bundleId, productId } },
      create: { bundleId, productId, position },
      update: { position, removedAt: null },
    });
  }
  return ids;
}

const MEDIA_PREFIX = '/media/';

/** A mosaic of the first contained products' thumbnails, stored as the bundle's preview; null when none has one of ours. */
async function composeCover(bundleId: string, productIds: string[]): Promise<StoredImage | null> {
  const rows = await db().product.findMany({ where: { id: { in: productIds.slice(0, 20) }, deletedAt: null }, select: { id: true, thumbnailPath: true } });
  const byId = new Map(rows.map((r) => [r.id, r.thumbnailPath]));
  const tiles: Buffer[] = [];
  for (const id of productIds) {
    if (tiles.length === 4) break;
    const path = byId.get(id);
    // Only our own thumbnails: an outside URL would mean fetching from wherever an admin pointed.
    if (!path?.startsWith(MEDIA_PREFIX)) continue;
    const bytes = await getObjectBytes('public', path.slice(MEDIA_PREFIX.length), MAX_IMAGE_BYTES);
    if (bytes) tiles.push(bytes);
  }
  if (tiles.length === 0) return null;
  return storeItemImage(bundleId, await prepareImage(await composeMosaic(tiles)));
}

export async function createBundle(actor: string, input: NewBundle): Promise<{ id: string }> {
  const id = newId();
  const tags = [...new Set((input.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean))].slice(0, 30);
  const cover = await composeCover(id, [...new Set(input.productIds)]);
  try {
    await db().$transaction(async (tx) => {
      const productIds = await checkContents(tx, input.productIds);
      const { categoryId, subcategory } = await resolveCategory(tx, input.category, input.subcategory?.trim() || null);
      await tx.product.create({
        data: {
          id,
          isBundle: true,
          title: input.title.trim(),
          description: input.description ?? '',
          priceCents: input.priceCents,
          categoryId,
          subcategory,
          tags,
          imagePath: cover?.imagePath ?? null,
          thumbnailPath: cover?.thumbnailPath ?? null,
          bundleItems: { create: productIds.map((productId, position) => ({ productId, position })) },
        },
      });
      await addToVocabulary(tx, tags);
      await recordAudit(tx, actor, 'bundle.create', id, { title: input.title, products: productIds.length });
    });
  } catch (error) {
    if (cover) await Promise.all(cover.keys.map((key) => deleteObject('public', key).catch(() => undefined)));
    throw error;
  }
  return { id };
}
