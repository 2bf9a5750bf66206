// Catalogue changes from the back office: categories, subcategories, tags,
// product and bundle edits, deletes and files. Every change is audited and
// multi-row changes happen in one transaction.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { normalizeBanner } from '@/lib/banner';
import { peekChunks } from '@/lib/streams';
import { db, Prisma } from '@/lib/infra/db';
import { deleteObject, putObjectStream } from '@/lib/infra/storage';
import { addToVocabulary } from '@/lib/domain/uploads';
import { replaceBundleContents } from './bundles';
import { isProductFileReferenced } from './file-versions';
import { selectionWhere, type ProductSelection } from './selection';
import { BANNER_KEY } from './settings';

const cleanList = (items: string[]) => [...new Set(items.map((s) => s.trim()).filter(Boolean))];

export async function createCategory(actor: string, name: string, subcategories: string[] = []) {
  const trimmed = name.trim();
  if (!trimmed) throw invalid('Category name is required');
  try {
    const category = await db().category.create({ data: { name: trimmed, subcategories: cleanList(subcategories) } });
    await recordAudit(db(), actor, 'category.create', category.id, { name: trimmed });
    return category;
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new AppError('conflict', 'A category with this name already exists');
    throw error;
  }
}

/** Renames and/or replaces the subcategory list; products in a dropped subcategory keep their category only. */
export async function updateCategory(actor: string, id: string, input: { name: string; subcategories: string[] }) {
  const name = input.name.trim();
  if (!name) throw invalid('Category name is required');
  const subcategories = cleanList(input.subcategories);
  return db().$transaction(async (tx) => {
    const category = await tx.category.findUnique({ where: { id } });
    if (!category) throw notFound('Category not found');
    const clash = await tx.category.findFirst({ where: { name, NOT: { id } }, select: { id: true } });
    if (clash) throw new AppError('conflict', 'A category with this name already exists');
    const updated = await tx.category.update({ where: { id }, data: { name, subcategories } });
    await tx.product.updateMany({ where: { categoryId: id, subcategory: { notIn: subcategories } }, data: { subcategory: null } });
    await recordAudit(tx, actor, 'category.update', id, { name, subcategories });
    return updated;
  });
}

export async function deleteCategory(actor: string, id: string) {
  await db().$transaction(async (tx) => {
    const category = await tx.category.findUnique({ where: { id } });
    if (!category) throw notFound('Category not found');
    await tx.product.updateMany({ where: { categoryId: id }, data: { categoryId: null, subcategory: null } });
    await tx.category.delete({ where: { id } });
    await recordAudit(tx, actor, 'category.delete', id, { name: category.name });
  });
}

export async function addSubcategory(actor: string, id: string, name: string) {
  const sub = name.trim();
  if (!sub) throw invalid('Subcategory name is required');
  const category = await db().category.findUnique({ where: { id } });
  if (!category) throw notFound('Category not found');
  if (category.subcategories.includes(sub)) return category;
  return updateCategory(actor, id, { name: category.name, subcategories: [...category.subcategories, sub] });
}

export async function removeSubcategory(actor: string, id: string, name: string) {
  const category = await db().category.findUnique({ where: { id } });
  if (!category) throw notFound('Category not found');
  if (!category.subcategories.includes(name)) throw notFound('Subcategory not found');
  return updateCategory(actor, id, { name: category.name, subcategories: category.subcategories.filter((s) => s !== name) });
}

export async function createTag(actor: string, name: string) {
  const tag = name.trim().toLowerCase();
  if (!tag) throw invalid('Tag name is required');
  try {
    const created = await db().tag.create({ data: { name: tag } });
    await recordAudit(db(), actor, 'tag.create', created.id, { name: tag });
    return created;
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new AppError('conflict', 'This tag already exists');
    throw error;
  }
}

/** Deleting a tag also takes it off every product, in one transaction. */
export async function deleteTag(actor: string, id: string) {
  await db().$transaction(async (tx) => {
    const tag = await tx.tag.findUnique({ where: { id } });
    if (!tag) throw notFound('Tag not found');
    await tx.$executeRaw`UPDATE "Product" SET tags = array_remove(tags, ${tag.name}), "updatedAt" = now() WHERE ${tag.name} = ANY(tags)`;
    await tx.tag.delete({ where: { id } });
    await recordAudit(tx, actor, 'tag.delete', id, { name: tag.name });
  });
}

/**
 * Renames a tag and every product's copy of it, in one transaction. Renaming
 * onto an existing tag merges the two (each product keeps the name once).
 */
export async function renameTag(actor: string, id: string, name: string): Promise<{ id: string; name: string }> {
  const next = name.trim().toLowerCase();
  if (!next) throw invalid('Tag name is required');
  return db().$transaction(async (tx) => {
    const tag = await tx.tag.findUnique({ where: { id } });
    if (!tag) throw notFound('Tag not found');
    if (tag.name === next) return { id: tag.id, name: tag.name };
    const existing = await tx.tag.findUnique({ where: { name: next } });
    await tx.$executeRaw`
      UPDATE "Product" SET tags = ARRAY(SELECT t FROM unnest(array_replace(tags, ${tag.name}, ${next})) WITH ORDINALITY AS u(t, n) GROUP BY t ORDER BY min(n)),
        "updatedAt" = now()
      WHERE ${tag.name} = ANY(tags)`;
    let kept: { id: string; name: string };
    if (existing) {
      await tx.tag.delete({ where: { id } });
      kept = { id: existing.id, name: existing.name };
    } else {
      kept = await tx.tag.update({ where: { id }, data: { name: next }, select: { id: true, name: true } });
    }
    await recordAudit(tx, actor, 'tag.rename', id, { from: tag.name, to: next });
    return kept;
  });
}

export type ProductEdit = {
  title?: string;
  priceCents?: number;
  salePriceCents?: number | null;
  description?: string;
  category?: string | null;
  subcategory?: string | null;
  tags?: string[];
  onSale?: boolean;
  saleStart?: Date | null;
  saleEnd?: Date | null;
  /** Bundles only: replaces the contents, in this order. */
  productIds?: string[];
};

/** Edits only the listed fields (no mass assignment); a category is given by name and must exist. */
export async function updateCatalogItem(actor: string, id: string, isBundle: boolean, edit: ProductEdit) {
  return db().$transaction(async (tx) => {
    const item = await tx.product.findFirst({ where: { id, isBundle, deletedAt: null } });
    if (!item) throw notFound(isBundle ? 'Bundle not found' : 'Product not found');
    const data: Prisma.ProductUncheckedUpdateInput = {};
    if (edit.title !== undefined) data.title = edit.title.trim();
    if (edit.description !== undefined) data.description = edit.description;
    if (edit.priceCents !== undefined) data.priceCents = edit.priceCents;
    if (edit.salePriceCents !== undefined) data.salePriceCents = edit.salePriceCents;
    if (edit.onSale !== undefined) data.onSale = edit.onSale;
    if (edit.saleStart !== undefined) data.saleStart = edit.saleStart;
    if (edit.saleEnd !== undefined) data.saleEnd = edit.saleEnd;
    if (edit.tags !== undefined) data.tags = cleanList(edit.tags.map((t) => t.toLowerCase()));
    let subcategories: string[] | null = null;
    if (edit.category !== undefined) {
      if (edit.category === null || edit.category === '') {
        data.categoryId = null;
        data.subcategory = null;
      } else {
        const category = await tx.category.findUnique({ where: { name: edit.category } });
        if (!category) throw invalid(`Unknown category: ${edit.category}`);
        data.categoryId = category.id;
        subcategories = category.subcategories;
        // A category change resets the subcategory unless a valid one comes with it.
        if (category.id !== item.categoryId && edit.subcategory === undefined) data.subcategory = null;
      }
    }
    if (edit.subcategory !== undefined) {
      const sub = edit.subcategory?.trim() || null;
      const allowed = subcategories ?? (item.categoryId ? ((await tx.category.findUnique({ where: { id: item.categoryId } }))?.subcategories ?? []) : []);
      if (sub && !allowed.includes(sub)) throw invalid(`Unknown subcategory: ${sub}`);
      data.subcategory = sub;
    }
    const next = { ...item, ...data } as typeof item;
    if (next.priceCents < 0) throw invalid('Price must be 0 or more');
    // A sale that has ended is history: it never stands in the way of a new price.
    const saleEnded = next.saleEnd !== null && next.saleEnd.getTime() <= Date.now();
    if (next.salePriceCents !== null && !saleEnded && (next.salePriceCents < 0 || next.salePriceCents >= next.priceCents)) {
      throw invalid('Sale price must be below the regular price');
    }
    if (next.onSale && next.salePriceCents === null) throw invalid('Set a sale price to put the item on sale');
    if (next.saleStart && next.saleEnd && next.saleEnd <= next.saleStart) throw invalid('Sale end must be after its start');
    if (edit.productIds !== undefined) {
      if (!isBundle) throw invalid('Only a bundle contains products', { product_ids: ['Only a bundle contains products'] });
      await replaceBundleContents(tx, id, edit.productIds);
    }
    const updated = await tx.product.update({ where: { id }, data });
    await addToVocabulary(tx, updated.tags);
    const changed = edit.productIds === undefined ? Object.keys(data) : [...Object.keys(data), 'productIds'];
    await recordAudit(tx, actor, isBundle ? 'bundle.update' : 'product.update', id, changed);
    return updated;
  });
}

/** Soft delete: past orders keep their items and files. */
export async function deleteCatalogItem(actor: string, id: string, isBundle: boolean) {
  const deleted = await db().product.updateMany({ where: { id, isBundle, deletedAt: null }, data: { deletedAt: new Date() } });
  if (deleted.count !== 1) throw notFound(isBundle ? 'Bundle not found' : 'Product not found');
  await recordAudit(db(), actor, isBundle ? 'bundle.delete' : 'product.delete', id);
}

/** The items a bulk action names: picked ids, or every item matching the list's filter. */
export type BulkTarget = { ids: string[] } | { allMatching: ProductSelection };

const targetWhere = (target: BulkTarget): Prisma.ProductWhereInput =>
  'ids' in target ? { id: { in: target.ids }, deletedAt: null } : selectionWhere(target.allMatching);

const auditTarget = (target: BulkTarget) => ('ids' in target ? { ids: target.ids } : { all_matching: target.allMatching });

export async function bulkDeleteCatalogItems(actor: string, target: BulkTarget) {
  return db().$transaction(async (tx) => {
    const deleted = await tx.product.updateMany({ where: targetWhere(target), data: { deletedAt: new Date() } });
    await recordAudit(tx, actor, 'product.bulk_delete', null, { ...auditTarget(target), count: deleted.count });
    return deleted.count;
  });
}

/** A file of the request, its bytes still arriving: read `chunks` to its end before the next file. */
export type IncomingFile = { name: string; type: string; chunks: AsyncIterable<Uint8Array> };

type StoredFile = { storageKey: string; originalFilename: string; contentType: string; sizeBytes: number };

/**
 * Streams each file to storage as it arrives (one part in memory, never the
 * request), then records them all in one transaction. Any failure part-way
 * deletes every object this call stored, so no row and no stray object remain.
 */
export async function addProductFiles(actor: string, productId: string, files: AsyncIterable<IncomingFile>) {
  const stored: StoredFile[] = [];
  try {
    let productChecked = false;
    for await (const file of files) {
      const { head, body } = await peekChunks(file.chunks, 1);
      if (head.length === 0) throw invalid(`${file.name} is empty`);
      if (!productChecked) {
        const product = await db().product.findFirst({ where: { id: productId, deletedAt: null }, select: { id: true } });
        if (!product) throw notFound('Product not found');
        productChecked = true;
      }
      const extension = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'bin';
      // Keys are ours: never derived from the client's filename beyond its extension.
      const storageKey = `files/${productId}/${randomUUID()}.${extension}`;
      const contentType = file.type || 'application/octet-stream';
      const sizeBytes = await putObjectStream('private', storageKey, body, contentType);
      stored.push({ storageKey, originalFilename: file.name.slice(0, 200) || `file.${extension}`, contentType, sizeBytes });
    }
    if (stored.length === 0) throw invalid('Please select files to upload');
    await db().$transaction(async (tx) => {
      const last = await tx.productFile.aggregate({ where: { productId }, _max: { position: true } });
      let position = (last._max.position ?? -1) + 1;
      await tx.productFile.createMany({ data: stored.map((f) => ({ ...f, productId, position: position++ })) });
      await tx.product.update({ where: { id: productId }, data: { updatedAt: new Date() } });
      await recordAudit(
        tx,
        actor,
        'product.files.add',
        productId,
        stored.map((f) => f.originalFilename),
      );
    });
    return stored.length;
  } catch (error) {
    await Promise.all(stored.map((f) => deleteObject('private', f.storageKey).catch(() => undefined)));
    throw error;
  }
}

/**
 * Takes a file away from new buyers. `filePath` must be one of this product's
 * current files (SECURITY S7). When any open or paid order of the product, or
 * of a bundle that holds or held it, exists, the file stays stored and
 * downloadable for the orders placed before now (earlier buyers also get files
 * added after their purchase, so the order's date is not what decides);
 * otherwise it is deleted for good.
 */
export async function removeProductFile(actor: string, productId: string, filePath: string) {
  const removed = await db().$transaction(async (tx) => {
    // Only a current file (the newest version of its slot) can be removed; the mark on it removes the slot.
    const file = await tx.productFile.findFirst({ where: { productId, storageKey: filePath, removedAt: null, supersededAt: null } });
    if (!file) throw notFound('File not found');
    const referenced = await isProductFileReferenced(tx, productId);
    await recordAudit(tx, actor, 'product.files.remove', productId, { file: file.originalFilename, kept_for_orders: referenced });
    if (referenced) {
      await tx.productFile.update({ where: { id: file.id }, data: { removedAt: new Date() } });
      return [];
    }
    // Every version of the slot goes: none can be reached any more (Decision 68).
    const lineage = file.lineageId ?? file.id;
    const versions = await tx.productFile.findMany({ where: { productId, OR: [{ id: lineage }, { lineageId: lineage }] }, select: { storageKey: true } });
    await tx.productFile.deleteMany({ where: { productId, OR: [{ id: lineage }, { lineageId: lineage }] } });
    return versions.map((v) => v.storageKey);
  });
  // No order can reach a file deleted outright, so its object goes too.
  await Promise.all(removed.map((key) => deleteObject('private', key).catch(() => undefined)));
}

export async function bulkUpdateCategory(actor: string, target: BulkTarget, category: string) {
  return db().$transaction(async (tx) => {
    const destination = await tx.category.findUnique({ where: { name: category } });
    if (!destination) throw invalid(`Unknown category: ${category}`);
    const updated = await tx.product.updateMany({ where: targetWhere(target), data: { categoryId: destination.id, subcategory: null } });
    await recordAudit(tx, actor, 'product.bulk_category', null, { ...auditTarget(target), category, count: updated.count });
    return updated.count;
  });
}

export async function setBanner(actor: string, message: string): Promise<string> {
  const normalized = normalizeBanner(message);
  if (!normalized) throw invalid('Banner message is required');
  await db().setting.upsert({ where: { key: BANNER_KEY }, create: { key: BANNER_KEY, value: normalized }, update: { value: normalized } });
  await recordAudit(db(), actor, 'settings.banner', null, { message: normalized });
  return normalized;
}
