// Product and bundle changes from the back office: edits, deletes, bulk
// actions and the banner. Every change is audited and multi-row changes
// happen in one transaction.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { invalid, notFound } from '@/lib/domain/errors';
import { normalizeBanner } from '@/lib/banner';
import { db, Prisma } from '@/lib/infra/db';
import { addToVocabulary } from '@/lib/domain/uploads';
import { setItemLicencePrices, type ItemLicencePrices } from '@/lib/domain/licences';
import { replaceBundleContents } from './bundles';
import { priceRuleProblem } from './edit-rules';
import { selectionWhere, type ProductSelection } from './selection';
import { BANNER_KEY } from './settings';
import { cleanList } from './taxonomy';

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
  /** Per licence tier key: a price of its own (cents), null for the tier's rule, false to stop selling the tier with it. */
  licencePrices?: ItemLicencePrices;
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
    const problem = priceRuleProblem(next);
    if (problem) throw invalid(problem.message);
    if (edit.productIds !== undefined) {
      if (!isBundle) throw invalid('Only a bundle contains products', { product_ids: ['Only a bundle contains products'] });
      await replaceBundleContents(tx, id, edit.productIds);
    }
    if (edit.licencePrices !== undefined) await setItemLicencePrices(tx, id, edit.licencePrices);
    // Touched even when only licence prices changed: updatedAt is what caches and sitemaps see.
    const updated = await tx.product.update({ where: { id }, data: { ...data, updatedAt: new Date() } });
    await addToVocabulary(tx, updated.tags);
    const changed = [
      ...Object.keys(data),
      ...(edit.productIds === undefined ? [] : ['productIds']),
      ...(edit.licencePrices === undefined ? [] : ['licencePrices']),
    ];
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
