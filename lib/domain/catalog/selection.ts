// The All Products filter of the back office, as a Prisma filter (the paged
// list) and as SQL (bulk writes that compute per row), so "select all N
// matching" acts on exactly the rows the list counted, at any catalogue size,
// without ever sending their ids back and forth.
import 'server-only';
import { invalid } from '@/lib/domain/errors';
import { escapeLike, Prisma } from '@/lib/infra/db';

export type ProductSelection = {
  /** Part of the title, case-insensitive. */
  search?: string;
  category?: string;
  kind?: 'all' | 'product' | 'bundle';
  onSale?: boolean;
};

export function selectionWhere(selection: ProductSelection): Prisma.ProductWhereInput {
  const where: Prisma.ProductWhereInput = { deletedAt: null };
  const search = selection.search?.trim();
  if (search) where.title = { contains: escapeLike(search), mode: 'insensitive' };
  if (selection.category) where.category = { name: selection.category };
  if (selection.kind === 'product') where.isBundle = false;
  if (selection.kind === 'bundle') where.isBundle = true;
  if (selection.onSale !== undefined) where.onSale = selection.onSale;
  return where;
}

type CategoryReader = Pick<Prisma.TransactionClient, 'category'>;

/** The same filter as a condition on "Product" (live rows only); an unknown category is a 400. */
export async function selectionSql(client: CategoryReader, selection: ProductSelection): Promise<Prisma.Sql> {
  const parts: Prisma.Sql[] = [Prisma.sql`"deletedAt" IS NULL`];
  const search = selection.search?.trim();
  // ILIKE, like Prisma's insensitive contains, so the trigram index serves both.
  if (search) parts.push(Prisma.sql`title ILIKE ${`%${escapeLike(search)}%`}`);
  if (selection.category) {
    const category = await client.category.findUnique({ where: { name: selection.category }, select: { id: true } });
    if (!category) throw invalid(`Unknown category: ${selection.category}`);
    parts.push(Prisma.sql`"categoryId" = ${category.id}`);
  }
  if (selection.kind === 'product') parts.push(Prisma.sql`"isBundle" = false`);
  if (selection.kind === 'bundle') parts.push(Prisma.sql`"isBundle" = true`);
  if (selection.onSale !== undefined) parts.push(Prisma.sql`"onSale" = ${selection.onSale}`);
  return Prisma.join(parts, ' AND ');
}
