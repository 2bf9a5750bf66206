// The listing's copy of each item's rating (Product.ratingAverage and
// ratingCount, the "Top rated" sort, Decision 088), kept in the transaction of
// every change to what shoppers see: a review written, edited, deleted, hidden
// or shown again, a line refunded, a dispute won, and a reviewer buying again.
// Pages still read ratings from the reviews themselves (reads.ts).
import 'server-only';
import { Prisma } from '@/lib/infra/db';
import { shownSql } from './visibility';

type Tx = Prisma.TransactionClient;

async function syncWhere(tx: Tx, ids: Prisma.Sql): Promise<void> {
  // Unrated is 0, so unrated items sort last; a row is written only when its figures change.
  await tx.$executeRaw`
    UPDATE "Product" p SET "ratingAverage" = coalesce(s.average, 0), "ratingCount" = coalesce(s.count, 0)
    FROM (SELECT DISTINCT id FROM (${ids}) AS chosen(id)) ids
    LEFT JOIN (
      SELECT r."productId", avg(r.rating)::float8 AS average, count(*)::int AS count
      FROM "Review" r WHERE r."productId" IN (${ids}) AND ${shownSql} GROUP BY r."productId"
    ) s ON s."productId" = ids.id
    WHERE p.id = ids.id AND (p."ratingAverage", p."ratingCount") IS DISTINCT FROM (coalesce(s.average, 0), coalesce(s.count, 0))`;
}

/** Rewrites the rating columns of `productIds` from their shown reviews. */
export async function syncRatings(tx: Tx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await syncWhere(tx, Prisma.sql`SELECT unnest(${productIds}::text[])`);
}

/** After a payment: the items of the order its buyer had reviewed (a review hidden by an earlier refund shows again). */
export async function syncOrderRatings(tx: Tx, orderId: string): Promise<void> {
  await syncWhere(
    tx,
    Prisma.sql`SELECT oi."productId" FROM "OrderItem" oi JOIN "Order" o ON o.id = oi."orderId"
      JOIN "Review" r ON r."userId" = o."userId" AND r."productId" = oi."productId" WHERE o.id = ${orderId}`,
  );
}
