// Search listings at catalogue scale (1,000,000 products, Decision 088).
//
// A product matches when its title contains the search (the pg_trgm index), a
// tag equals it, or every word of it is found in the title, tags or
// description, in any order, as a prefix or as a corrected typo (the tsvector
// GIN index; see search-query.ts). Without a sort, matches are ranked: title
// matches, then tag matches, then the rest, each newest first.
//
// Which plan is fast depends on how many rows match, which the planner guesses
// badly: a common word is best read in the listing's index order until a page
// is full (the matches are dense), a rare one by collecting its few matches
// and sorting them (walking an order index would visit most of the table).
// The counts per rank pick the plan; the caller passes them when it knows them
// (a minute-old count is as good as the cached pages), else they are counted.
import 'server-only';
import { db, escapeLike, Prisma } from '@/lib/infra/db';
import type { ListingSort } from '@/lib/shop';
import { SORT_COLUMNS, SQL_ORDER } from './listing-order';
import { correctableWords, rankedQueries, searchWords, type Corrections } from './search-query';
import type { CatalogFilter, CatalogItem, CatalogPage } from './types';

/** At or above this many matches, a page is found fastest in index order. */
export const DENSE_MATCHES = 2_000;
/** Corrections looked up per misspelt word. */
const CORRECTIONS_PER_WORD = 3;

export type SearchFilter = CatalogFilter & { search: string };
/** Matches per rank: in the title; in the tags (not the title); elsewhere. */
export type SearchCounts = [number, number, number];
export type SearchPage = CatalogPage & { counts: SearchCounts };

type Reader = {
  /** Items by id, in the order given. */
  byIds: (ids: string[]) => Promise<CatalogItem[]>;
  maxPageSize: number;
};

/** One run of matches read in one order: a rank, or every match under an explicit sort. */
type Segment = { where: Prisma.Sql; count: number; order: ListingSort };

export async function searchCatalog(filter: SearchFilter, reader: Reader, known?: SearchCounts): Promise<SearchPage> {
  const take = Math.min(filter.limit ?? 100, reader.maxPageSize);
  const skip = filter.offset ?? 0;
  const { base, title, tags, any } = await matchConditions(filter);
  const counts = known ?? (await countRanks(base, any, title, tags));
  const segments: Segment[] = filter.sort
    ? [{ where: Prisma.sql`${base} AND ${any}`, count: counts[0] + counts[1] + counts[2], order: filter.sort }]
    : [
        { where: Prisma.sql`${base} AND ${title}`, count: counts[0], order: 'newest' },
        { where: Prisma.sql`${base} AND ${tags} AND NOT ${title}`, count: counts[1], order: 'newest' },
        { where: Prisma.sql`${base} AND ${any} AND NOT ${title} AND NOT ${tags}`, count: counts[2], order: 'newest' },
      ];
  const ids: string[] = [];
  let offset = skip;
  for (const segment of segments) {
    if (ids.length >= take) break;
    if (offset >= segment.count) {
      offset -= segment.count;
      continue;
    }
    ids.push(...(await readSegment(segment, take - ids.length, offset)));
    offset = 0;
  }
  return { items: await reader.byIds(ids), total: counts[0] + counts[1] + counts[2], counts };
}

async function readSegment({ where, count, order }: Segment, take: number, skip: number): Promise<string[]> {
  if (count >= DENSE_MATCHES) {
    const rows = await db().$queryRaw<{ id: string }[]>`
      SELECT p.id FROM "Product" p WHERE ${where} ORDER BY ${SQL_ORDER[order]} LIMIT ${take} OFFSET ${skip}`;
    return rows.map((r) => r.id);
  }
  // MATERIALIZED keeps the planner from pushing the ORDER BY … LIMIT into the
  // scan: the few matches are collected once (bitmap scans of the GIN indexes), then sorted.
  const rows = await db().$queryRaw<{ id: string }[]>`
    WITH p AS MATERIALIZED (SELECT p.id, ${SORT_COLUMNS} FROM "Product" p WHERE ${where})
    SELECT p.id FROM p ORDER BY ${SQL_ORDER[order]} LIMIT ${take} OFFSET ${skip}`;
  return rows.map((r) => r.id);
}

async function countRanks(base: Prisma.Sql, any: Prisma.Sql, title: Prisma.Sql, tags: Prisma.Sql): Promise<SearchCounts> {
  const [row] = await db().$queryRaw<{ title: bigint; tags: bigint; total: bigint }[]>`
    SELECT count(*) FILTER (WHERE ${title}) AS title,
           count(*) FILTER (WHERE ${tags} AND NOT ${title}) AS tags,
           count(*) AS total
    FROM "Product" p WHERE ${base} AND ${any}`;
  const [inTitle, inTags, total] = [row?.title, row?.tags, row?.total].map((n) => Number(n ?? 0));
  return [inTitle, inTags, total - inTitle - inTags];
}

/** Catalogue words close to each misspelt search word (none for a word the catalogue has). */
async function findCorrections(words: string[]): Promise<Corrections> {
  const asked = correctableWords(words);
  if (asked.length === 0) return new Map();
  const rows = await db().$queryRaw<{ asked: string; word: string }[]>`
    SELECT q.word AS asked, s.word FROM unnest(ARRAY[${Prisma.join(asked)}]::text[]) AS q(word)
    CROSS JOIN LATERAL (
      SELECT w.word FROM "SearchWord" w
      WHERE w.word % q.word AND NOT EXISTS (SELECT 1 FROM "SearchWord" e WHERE e.word = q.word)
      ORDER BY w.word <-> q.word, w.word LIMIT ${CORRECTIONS_PER_WORD}
    ) s`;
  const corrections = new Map<string, string[]>();
  // Only plain words reach a tsquery (the word list holds nothing else, but it is data).
  for (const { asked: word, word: correction } of rows) {
    if (/^\p{L}+$/u.test(correction)) corrections.set(word, [...(corrections.get(word) ?? []), correction]);
  }
  return corrections;
}

/** The filter's SQL: the rows it narrows to (`base`), its matches (`any`) and the ranks. */
async function matchConditions(filter: SearchFilter) {
  const search = filter.search.trim();
  const words = searchWords(search);
  const queries = rankedQueries(words, await findCorrections(words));
  const like = Prisma.sql`p.title ILIKE ${`%${escapeLike(search)}%`}`;
  const tag = Prisma.sql`p.tags @> ARRAY[${search.toLowerCase()}]::text[]`;
  const text = (tsquery: string) => Prisma.sql`coalesce(p."searchVector" @@ to_tsquery('simple', ${tsquery}), false)`;
  return {
    base: baseConditions(filter),
    title: queries ? Prisma.sql`(${like} OR ${text(queries.title)})` : like,
    tags: queries ? Prisma.sql`(${tag} OR ${text(queries.titleOrTags)})` : tag,
    any: queries ? Prisma.sql`(${like} OR ${tag} OR ${text(queries.anywhere)})` : Prisma.sql`(${like} OR ${tag})`,
  };
}

/** The same rows as whereFor() in index.ts without the search, in SQL. */
function baseConditions(filter: CatalogFilter): Prisma.Sql {
  const parts = [Prisma.sql`p."deletedAt" IS NULL`];
  if (filter.kind === 'product') parts.push(Prisma.sql`NOT p."isBundle"`);
  if (filter.kind === 'bundle') parts.push(Prisma.sql`p."isBundle"`);
  if (filter.category) parts.push(Prisma.sql`p."categoryId" = (SELECT c.id FROM "Category" c WHERE c.name = ${filter.category})`);
  if (filter.subcategory) parts.push(Prisma.sql`p.subcategory = ${filter.subcategory}`);
  if (filter.tag) parts.push(Prisma.sql`p.tags @> ARRAY[${filter.tag}]::text[]`);
  if (filter.minPriceCents !== undefined) parts.push(Prisma.sql`p."listPriceCents" >= ${filter.minPriceCents}`);
  if (filter.maxPriceCents !== undefined) parts.push(Prisma.sql`p."listPriceCents" <= ${filter.maxPriceCents}`);
  return Prisma.join(parts, ' AND ');
}
