// Reviews as shoppers read them: shown ones only (visibility.ts), each signed
// with the reviewer's first name and initial.
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';
import type { ReviewSort } from '@/lib/shop';
import { shownSql } from './visibility';

export type PublicReview = {
  id: string;
  rating: number;
  title: string;
  body: string;
  /** First name and last initial, e.g. "Jane D." */
  author: string;
  /** "member": the reviewer's line was a member's $0 checkout. */
  verified: 'purchase' | 'member';
  createdAt: string;
  updatedAt: string;
  reply: { body: string; createdAt: string } | null;
};

/** Shown reviews' average (one decimal), count and count per star (index 0 = 1 star). */
export type ReviewStats = { average: number | null; count: number; distribution: [number, number, number, number, number] };

/** "Jane Doe" → "Jane D.", "jane" → "Jane"; never the whole name. */
export function reviewerName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Customer';
  const first = words[0].slice(0, 30);
  const capital = first[0].toLocaleUpperCase('en-AU') + first.slice(1);
  return words.length > 1 ? `${capital} ${words[words.length - 1][0].toLocaleUpperCase('en-AU')}.` : capital;
}

const ORDER_BY: Record<ReviewSort, Prisma.Sql> = {
  newest: Prisma.sql`r."createdAt" DESC, r.id`,
  highest: Prisma.sql`r.rating DESC, r."createdAt" DESC, r.id`,
  lowest: Prisma.sql`r.rating ASC, r."createdAt" DESC, r.id`,
};

type ReviewRow = {
  id: string;
  rating: number;
  title: string;
  body: string;
  viaMembership: boolean;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  name: string;
};

function toPublicReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: reviewerName(row.name),
    verified: row.viaMembership ? 'member' : 'purchase',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reply: row.reply && row.repliedAt ? { body: row.reply, createdAt: row.repliedAt.toISOString() } : null,
  };
}

export async function listShownReviews(productId: string, page: { sort: ReviewSort; limit: number; offset: number }): Promise<PublicReview[]> {
  const rows = await db().$queryRaw<ReviewRow[]>`
    SELECT r.id, r.rating, r.title, r.body, r."viaMembership", r.reply, r."repliedAt", r."createdAt", r."updatedAt", u.name
    FROM "Review" r JOIN "User" u ON u.id = r."userId"
    WHERE r."productId" = ${productId} AND ${shownSql}
    ORDER BY ${ORDER_BY[page.sort]}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
  return rows.map(toPublicReview);
}

export async function reviewStats(productId: string): Promise<ReviewStats> {
  const rows = await db().$queryRaw<{ rating: number; count: number }[]>`
    SELECT r.rating, count(*)::int AS count FROM "Review" r WHERE r."productId" = ${productId} AND ${shownSql} GROUP BY r.rating`;
  const distribution: ReviewStats['distribution'] = [0, 0, 0, 0, 0];
  for (const row of rows) distribution[row.rating - 1] = row.count;
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const total = distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { average: count ? Math.round((total / count) * 10) / 10 : null, count, distribution };
}

/** Average and count for each of `ids` that has a shown review (cards and listings): one grouped query. */
export async function ratingsFor(ids: string[]): Promise<Map<string, { average: number; count: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db().$queryRaw<{ productId: string; count: number; average: number }[]>`
    SELECT r."productId", count(*)::int AS count, avg(r.rating)::float8 AS average
    FROM "Review" r WHERE r."productId" IN (${Prisma.join(ids)}) AND ${shownSql} GROUP BY r."productId"`;
  return new Map(rows.map((row) => [row.productId, { average: Math.round(row.average * 10) / 10, count: row.count }]));
}
