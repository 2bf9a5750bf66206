// Free-text search listings at catalogue scale (100,000+ products). Which plan
// is fast depends on how many rows match, which the planner guesses badly for
// ILIKE '%…%': a common word is best read in createdAt order until a page is
// full (the matches are dense), a rare one by collecting its few matches
// through the trigram index and sorting them (walking the createdAt index
// would visit most of the table). The caller passes the match count when it
// knows it; otherwise one query returns the count and the page together.
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';
import type { CatalogFilter, CatalogItem, CatalogPage } from './types';

/** At or above this many matches, a page is found fastest in createdAt order. */
export const DENSE_MATCHES = 2_000;

export type SearchFilter = CatalogFilter & { search: string };

type Reader = {
  /** One page in createdAt order with Prisma (the dense plan). */
  pageInOrder: (filter: CatalogFilter) => Promise<CatalogItem[]>;
  /** Items by id, in the order given. */
  byIds: (ids: string[]) => Promise<CatalogItem[]>;
  escapeLike: (text: string) => string;
  maxPageSize: number;
};

export async function searchCatalog(filter: SearchFilter, reader: Reader, knownTotal?: number): Promise<CatalogPage> {
  if (knownTotal !== undefined && knownTotal >= DENSE_MATCHES) {
    return { items: await reader.pageInOrder(filter), total: knownTotal };
  }
  const take = Math.min(filter.limit ?? 100, reader.maxPageSize);
  const skip = filter.offset ?? 0;
  // MATERIALIZED keeps the planner from pushing the ORDER BY … LIMIT into the
  // scan: the matches are collected once (bitmap scans of the GIN indexes),
  // then counted and sorted.
  const [row] = await db().$queryRaw<{ total: bigint; ids: string[] | null }[]>`
    WITH matches AS MATERIALIZED (
      SELECT p.id, p."createdAt" FROM "Product" p WHERE ${conditions(filter, reader.escapeLike)}
    )
    SELECT (SELECT count(*) FROM matches) AS total,
           (SELECT array_agg(id) FROM (SELECT id FROM matches ORDER BY "createdAt" DESC, id ASC LIMIT ${take} OFFSET ${skip}) page) AS ids`;
  return { items: await reader.byIds(row?.ids ?? []), total: Number(row?.total ?? 0) };
}

/** The same rows as whereFor() in index.ts, in SQL. */
function conditions(filter: SearchFilter, escapeLike: (text: string) => string): Prisma.Sql {
  const search = filter.search.trim();
  const parts = [Prisma.sql`p."deletedAt" IS NULL`];
  if (filter.kind === 'product') parts.push(Prisma.sql`NOT p."isBundle"`);
  if (filter.kind === 'bundle') parts.push(Prisma.sql`p."isBundle"`);
  if (filter.category) parts.push(Prisma.sql`p."categoryId" = (SELECT c.id FROM "Category" c WHERE c.name = ${filter.category})`);
  if (filter.subcategory) parts.push(Prisma.sql`p.subcategory = ${filter.subcategory}`);
  parts.push(Prisma.sql`(p.title ILIKE ${`%${escapeLike(search)}%`} OR p.tags @> ARRAY[${search.toLowerCase()}]::text[])`);
  return Prisma.join(parts, ' AND ');
}
