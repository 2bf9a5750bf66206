// Writing the rows of a products CSV: one transaction per batch of rows, each
// product updated with only the fields its row changes, its tier prices set,
// its new tags added to the vocabulary, and an audit row per product.
import 'server-only';
import { TIER_COLUMN_PREFIX, type ProductState } from '@/lib/domain/exports';
import { addToVocabulary } from '@/lib/domain/uploads';
import type { Prisma } from '@/lib/infra/db';

export type RowWrite = { id: string; next: ProductState; columns: string[] };

/** Columns that are a product field of the same name in the row's state. */
const FIELD_OF: Record<string, keyof ProductState & keyof Prisma.ProductUncheckedUpdateInput> = {
  title: 'title',
  description: 'description',
  price: 'priceCents',
  on_sale: 'onSale',
  sale_price: 'salePriceCents',
  sale_start: 'saleStart',
  sale_end: 'saleEnd',
  tags: 'tags',
  subcategory: 'subcategory',
};

export async function writeRows(tx: Prisma.TransactionClient, actor: string, rows: RowWrite[], categoryIds: Map<string, string>, tierIds: Map<string, string>) {
  for (const { id, next, columns } of rows) {
    const data: Prisma.ProductUncheckedUpdateInput = { updatedAt: new Date() };
    for (const column of columns) {
      const field = FIELD_OF[column];
      if (field) Object.assign(data, { [field]: next[field] });
      if (column === 'category') data.categoryId = next.category ? categoryIds.get(next.category)! : null;
      if (column === 'category' || column === 'subcategory') data.subcategory = next.subcategory;
    }
    await tx.product.update({ where: { id }, data });
    for (const column of columns.filter((c) => c.startsWith(TIER_COLUMN_PREFIX))) {
      const key = column.slice(TIER_COLUMN_PREFIX.length);
      const tierId = tierIds.get(key)!;
      const price = next.tierPrices.get(key);
      if (!price) await tx.licencePrice.deleteMany({ where: { productId: id, tierId } });
      else await tx.licencePrice.upsert({ where: { productId_tierId: { productId: id, tierId } }, create: { productId: id, tierId, ...price }, update: price });
    }
  }
  await addToVocabulary(tx, [...new Set(rows.filter((r) => r.columns.includes('tags')).flatMap((r) => r.next.tags))]);
  await tx.auditLog.createMany({ data: rows.map((r) => ({ actor, action: 'product.import', target: r.id, details: { columns: r.columns } })) });
}
