// Sales: time-boxed sale prices on products and bundles, applied to the whole
// store, a category or a selection (docs/product.md §2 Sales Manager, §3, §9).
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { selectionSql, type ProductSelection } from '@/lib/domain/catalog';
import { invalid } from '@/lib/domain/errors';
import { salePercent } from '@/lib/format';
import { db, Prisma } from '@/lib/infra/db';

export type ActiveSale = {
  id: string;
  title: string;
  category: string | null;
  priceCents: number;
  salePriceCents: number;
  discountPercentage: number;
  saleStart: Date | null;
  saleEnd: Date | null;
  isBundle: boolean;
};

export type BulkSale = {
  targetType: 'store' | 'category' | 'products';
  priceType: 'percentage' | 'fixed';
  /** Percent off (0–100, exclusive) or the fixed sale price in cents. */
  value: number;
  saleStart: Date;
  saleEnd: Date;
  category?: string;
  productIds?: string[];
  /** For 'products': every item matching the All Products filter instead of picked ids ("select all N matching"). */
  allMatching?: ProductSelection;
};

/**
 * One page of the sales running now or scheduled to start (anything on sale
 * whose end is still ahead), soonest end first then newest, and how many there are: a
 * store-wide sale puts every product here, so the list pages like the other
 * admin lists (Decision 060).
 */
export async function listActiveSales(page: { limit: number; offset: number }, now: Date = new Date()): Promise<{ total: number; items: ActiveSale[] }> {
  const where: Prisma.ProductWhereInput = { deletedAt: null, onSale: true, salePriceCents: { not: null }, OR: [{ saleEnd: null }, { saleEnd: { gt: now } }] };
  const [rows, total] = await Promise.all([
    db().product.findMany({
      where,
      include: { category: { select: { name: true } } },
      orderBy: [{ saleEnd: 'asc' }, { createdAt: 'desc' }, { id: 'asc' }],
      take: page.limit,
      skip: page.offset,
    }),
    db().product.count({ where }),
  ]);
  const items = rows.map((p) => ({
    id: p.id,
    title: p.title,
    category: p.category?.name ?? null,
    priceCents: p.priceCents,
    salePriceCents: p.salePriceCents as number,
    discountPercentage: salePercent(p.priceCents, p.salePriceCents as number),
    saleStart: p.saleStart,
    saleEnd: p.saleEnd,
    isBundle: p.isBundle,
  }));
  return { total, items };
}

function validate(sale: BulkSale) {
  if (!(sale.saleEnd > sale.saleStart)) throw invalid('Sale end must be after its start');
  if (sale.priceType === 'percentage' && !(sale.value > 0 && sale.value < 100)) throw invalid('Percentage must be between 0 and 100');
  if (sale.priceType === 'fixed' && !(sale.value >= 0)) throw invalid('Fixed price must be 0 or more');
  if (sale.targetType === 'category' && !sale.category) throw invalid('Choose a category');
  if (sale.targetType === 'products' && !sale.productIds?.length && !sale.allMatching) throw invalid('Select products to put on sale');
}

/**
 * Applies a sale in one transaction and one UPDATE per target, however large
 * the store; items whose sale price would not be below their price are skipped.
 */
export async function applyBulkSale(actor: string, sale: BulkSale): Promise<{ updatedCount: number; skippedCount: number }> {
  validate(sale);
  return db().$transaction(async (tx) => {
    let target = Prisma.sql`TRUE`;
    if (sale.targetType === 'category') {
      const category = await tx.category.findUnique({ where: { name: sale.category } });
      if (!category) throw invalid(`Unknown category: ${sale.category}`);
      target = Prisma.sql`"categoryId" = ${category.id}`;
    }
    const picked = sale.targetType === 'products' && !sale.allMatching;
    if (picked) target = Prisma.sql`id IN (${Prisma.join(sale.productIds as string[])})`;
    // A filter is like a category: items it matches whose price the sale would not lower are skipped.
    if (sale.targetType === 'products' && sale.allMatching) target = await selectionSql(tx, sale.allMatching);
    const salePrice =
      sale.priceType === 'percentage'
        ? Prisma.sql`ROUND("priceCents" * (100 - ${sale.value}::numeric) / 100)::int`
        : Prisma.sql`${Math.round(sale.value)}::int`;

    let total: number;
    if (picked) {
      const rows = await tx.$queryRaw<{ title: string; sale: number; price: number }[]>`
        SELECT title, ${salePrice} AS sale, "priceCents" AS price FROM "Product" WHERE "deletedAt" IS NULL AND ${target}`;
      if (rows.length !== new Set(sale.productIds).size) throw invalid('Some selected products no longer exist');
      // For a hand-picked selection, a fixed price at or above a product's price is a mistake to report.
      const bad = rows.filter((t) => t.sale >= t.price).map((t) => t.title);
      if (bad.length) throw invalid(`Fixed price must be below the regular price of: ${bad.join(', ')}`);
      total = rows.length;
    } else {
      const [{ n }] = await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Product" WHERE "deletedAt" IS NULL AND ${target}`;
      total = Number(n);
    }
    const updated = await tx.$executeRaw`
      UPDATE "Product" SET "onSale" = true, "salePriceCents" = ${salePrice}, "saleStart" = ${sale.saleStart}, "saleEnd" = ${sale.saleEnd}, "updatedAt" = now()
      WHERE "deletedAt" IS NULL AND ${target} AND ${salePrice} < "priceCents"`;
    await recordAudit(tx, actor, 'sale.apply', null, { ...sale, saleStart: sale.saleStart.toISOString(), saleEnd: sale.saleEnd.toISOString(), updated });
    return { updatedCount: updated, skippedCount: total - updated };
  });
}

const ENDED = { onSale: false, salePriceCents: null, saleStart: null, saleEnd: null };

export async function endSales(actor: string, productIds: string[]): Promise<number> {
  if (productIds.length === 0) throw invalid('No products selected');
  return db().$transaction(async (tx) => {
    const ended = await tx.product.updateMany({ where: { id: { in: productIds }, onSale: true }, data: ENDED });
    await recordAudit(tx, actor, 'sale.end', null, { productIds });
    return ended.count;
  });
}

export async function endAllSales(actor: string): Promise<number> {
  return db().$transaction(async (tx) => {
    const ended = await tx.product.updateMany({ where: { onSale: true }, data: ENDED });
    await recordAudit(tx, actor, 'sale.end_all', null, { count: ended.count });
    return ended.count;
  });
}
