// Categories, subcategories and tags from the back office. Every change is
// audited; a rename or merge happens in one transaction.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';

/** Trimmed, without blanks or repeats, in the order given. */
export const cleanList = (items: string[]) => [...new Set(items.map((s) => s.trim()).filter(Boolean))];

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
