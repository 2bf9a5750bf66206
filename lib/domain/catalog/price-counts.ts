// How many products a browse listing holds, from ProductPriceCount (Decision
// 098): the live products per category, subcategory, kind and list price, kept
// by triggers in every statement that writes a product. Summing a few hundred
// rows answers "N products" for a price range at any catalogue size, where
// counting the products themselves read every match (50 ms at 100,000, ten
// times that at 1,000,000). A tag is not a key: those counts read products.
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';
import type { CatalogFilter } from './types';

export const canCountByPrice = (filter: CatalogFilter) => !filter.tag && !filter.search?.trim();

export async function countByPrice(filter: CatalogFilter): Promise<number> {
  const parts: Prisma.Sql[] = [];
  if (filter.kind === 'product') parts.push(Prisma.sql`"isBundle" = false`);
  if (filter.kind === 'bundle') parts.push(Prisma.sql`"isBundle" = true`);
  // An unknown name matches no id, so no row: 0, as counting products would say.
  if (filter.category) parts.push(Prisma.sql`"categoryId" = (SELECT id FROM "Category" WHERE name = ${filter.category})`);
  if (filter.subcategory) parts.push(Prisma.sql`subcategory = ${filter.subcategory}`);
  if (filter.minPriceCents !== undefined) parts.push(Prisma.sql`"listPriceCents" >= ${filter.minPriceCents}`);
  if (filter.maxPriceCents !== undefined) parts.push(Prisma.sql`"listPriceCents" <= ${filter.maxPriceCents}`);
  const where = parts.length > 0 ? Prisma.sql`WHERE ${Prisma.join(parts, ' AND ')}` : Prisma.empty;
  const [row] = await db().$queryRaw<{ total: number }[]>`SELECT coalesce(sum(products), 0)::int AS total FROM "ProductPriceCount" ${where}`;
  return row.total;
}
