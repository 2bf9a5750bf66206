// The orders a listing can be read in (Decision 088), for Prisma and for SQL.
// Each matches an index on Product (schema.prisma), whole catalogue and per
// category, so a listing reads rows in index order and stops after one page.
import { Prisma } from '@/lib/infra/db';
import type { ListingSort } from '@/lib/shop';

type OrderBy = Prisma.ProductOrderByWithRelationInput[];

export const PRISMA_ORDER: Record<ListingSort, OrderBy> = {
  newest: [{ createdAt: 'desc' }, { id: 'asc' }],
  price_asc: [{ listPriceCents: 'asc' }, { id: 'asc' }],
  // The price index read backwards: equal prices come in reverse id order.
  price_desc: [{ listPriceCents: 'desc' }, { id: 'desc' }],
  best_selling: [{ salesCount: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }],
  top_rated: [{ ratingAverage: 'desc' }, { ratingCount: 'desc' }, { id: 'asc' }],
};

/** The same orders over a relation aliased `p` (or a CTE with these columns). */
export const SQL_ORDER: Record<ListingSort, Prisma.Sql> = {
  newest: Prisma.sql`p."createdAt" DESC, p.id ASC`,
  price_asc: Prisma.sql`p."listPriceCents" ASC, p.id ASC`,
  price_desc: Prisma.sql`p."listPriceCents" DESC, p.id DESC`,
  best_selling: Prisma.sql`p."salesCount" DESC, p."createdAt" DESC, p.id ASC`,
  top_rated: Prisma.sql`p."ratingAverage" DESC, p."ratingCount" DESC, p.id ASC`,
};

/** The columns SQL_ORDER reads, to carry through a CTE. */
export const SORT_COLUMNS = Prisma.sql`p."createdAt", p."listPriceCents", p."salesCount", p."ratingAverage", p."ratingCount"`;
