// The statements that add payments and refunds to the figures, for any set of
// them: `scope` is a condition on the order (`o`) or the refund (`r`). One
// payment's transaction runs them with `o.id = …`, the rebuild with `true`,
// so the two cannot count differently. Each upserts rows in key order, so
// concurrent payments and refunds wait for each other instead of deadlocking,
// always taking the day's SalesDay row first.
import 'server-only';
import { Prisma } from '@/lib/infra/db';
import { apportion, gstOf, gstRegistered, localDay, paidOrder, refundDay, settledRefund } from './sql';

const saleDay = localDay('o."fulfilledAt"');

/** Marks the payments as counted; returns the ones not counted before. */
export const saleEntries = (scope: Prisma.Sql) => Prisma.sql`
  INSERT INTO "SalesFigureEntry" (id, day)
  SELECT 'sale:' || o.id, ${saleDay} FROM "Order" o WHERE ${scope} AND ${paidOrder('o')}
  ON CONFLICT (id) DO NOTHING RETURNING 1 AS counted`;

/** Marks the refunds that gave money back (or ended units) as counted; returns the ones not counted before. */
export const refundEntries = (scope: Prisma.Sql) => Prisma.sql`
  INSERT INTO "SalesFigureEntry" (id, day)
  SELECT 'refund:' || r.id, ${refundDay('r')} FROM "Refund" r WHERE ${scope} AND ${settledRefund('r')}
  ON CONFLICT (id) DO NOTHING RETURNING 1 AS counted`;

/** The upsert's tail: a row already there gets the new figures added to it. */
const addTo = (table: string, key: string, columns: string[]) =>
  `ON CONFLICT (${key}) DO UPDATE SET ${columns.map((c) => `"${c}" = "${table}"."${c}" + EXCLUDED."${c}"`).join(', ')}`;

const SALE_COLUMNS = ['productOrders', 'chargedOrders', 'productSalesCents', 'membershipPayments', 'membershipSalesCents', 'taxableSalesCents', 'gstCents'];
const REFUND_COLUMNS = ['refunds', 'productRefundCents', 'membershipRefundCents', 'taxableRefundCents', 'gstRefundCents'];
const quoted = (columns: string[]) => Prisma.raw(columns.map((c) => `"${c}"`).join(', '));

export const saleDays = (scope: Prisma.Sql) => Prisma.sql`
  WITH sale AS (
    SELECT o.kind::text AS kind, o."amountCents" AS amount, ${saleDay} AS day, ${gstRegistered('o')} AS registered
    FROM "Order" o WHERE ${scope} AND ${paidOrder('o')}
  )
  INSERT INTO "SalesDay" (day, ${quoted(SALE_COLUMNS)})
  SELECT day,
         count(*) FILTER (WHERE kind <> 'subscription'),
         count(*) FILTER (WHERE kind <> 'subscription' AND amount > 0),
         coalesce(sum(amount) FILTER (WHERE kind <> 'subscription'), 0),
         count(*) FILTER (WHERE kind = 'subscription'),
         coalesce(sum(amount) FILTER (WHERE kind = 'subscription'), 0),
         coalesce(sum(amount) FILTER (WHERE registered), 0),
         coalesce(sum(${gstOf('amount')}) FILTER (WHERE registered), 0)
  FROM sale GROUP BY day ORDER BY day
  ${Prisma.raw(addTo('SalesDay', 'day', SALE_COLUMNS))}`;

export const refundDays = (scope: Prisma.Sql) => Prisma.sql`
  WITH refund AS (
    SELECT o.kind::text AS kind, r."amountCents" AS amount, ${refundDay('r')} AS day, ${gstRegistered('o')} AS registered
    FROM "Refund" r JOIN "Order" o ON o.id = r."orderId" WHERE ${scope} AND ${settledRefund('r')}
  )
  INSERT INTO "SalesDay" (day, ${quoted(REFUND_COLUMNS)})
  SELECT day,
         count(*) FILTER (WHERE amount > 0),
         coalesce(sum(amount) FILTER (WHERE kind <> 'subscription'), 0),
         coalesce(sum(amount) FILTER (WHERE kind = 'subscription'), 0),
         coalesce(sum(amount) FILTER (WHERE registered), 0),
         coalesce(sum(${gstOf('amount')}) FILTER (WHERE registered), 0)
  FROM refund GROUP BY day ORDER BY day
  ${Prisma.raw(addTo('SalesDay', 'day', REFUND_COLUMNS))}`;

/** Each item's share of what its order paid (item_share), for the orders `orders` selects. */
const itemShares = (orders: Prisma.Sql) => Prisma.sql`
  item_source AS (
    SELECT i."orderId" AS grp, i.id, o."amountCents" AS total, i."priceCents" AS weight,
           i."productId", i."isBundle", i."refundId", ${saleDay} AS day
    FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE ${orders}
  ),
  ${apportion('item_source', 'item_share')}`;

export type Bucket = 'day' | 'month';

/** Day or month rows of SalesDayItem / SalesMonthItem from `rows` (day, productId, isBundle, units, cents). */
function addItems(bucket: Bucket, rows: string, sign: '' | '-') {
  const [table, key] = bucket === 'day' ? ['SalesDayItem', 'day'] : ['SalesMonthItem', 'month'];
  const at = bucket === 'day' ? 'day' : `date_trunc('month', day)::date`;
  return Prisma.raw(`
  INSERT INTO "${table}" (${key}, "productId", "isBundle", units, "netCents")
  SELECT ${at}, "productId", bool_or("isBundle"), ${sign}count(*), ${sign}sum(cents) FROM ${rows}
  GROUP BY 1, "productId" ORDER BY 1, "productId"
  ${addTo(table, `${key}, "productId"`, ['units', 'netCents'])}`);
}

export const saleItems = (scope: Prisma.Sql, bucket: Bucket) => Prisma.sql`
  WITH ${itemShares(Prisma.sql`${scope} AND ${paidOrder('o')}`)},
  sold AS (SELECT day, "productId", "isBundle", share AS cents FROM item_share)
  ${addItems(bucket, 'sold', '')}`;

/**
 * The items a refund ended, each with what is refunded of it: its share of the
 * order, or when the refund is smaller than their shares (money returned from
 * Stripe's dashboard, a dispute), the refund split over them by those shares.
 */
export const refundItems = (scope: Prisma.Sql, bucket: Bucket) => Prisma.sql`
  WITH refund AS (
    SELECT r.id, r."orderId", r."amountCents" AS amount, ${refundDay('r')} AS day FROM "Refund" r WHERE ${scope} AND ${settledRefund('r')}
  ),
  ${itemShares(Prisma.sql`i."orderId" IN (SELECT "orderId" FROM refund)`)},
  refund_source AS (
    SELECT f.id AS grp, s.id, least(f.amount, sum(s.share) OVER (PARTITION BY f.id)) AS total, s.share AS weight,
           s."productId", s."isBundle", f.day
    FROM refund f JOIN item_share s ON s."refundId" = f.id
  ),
  ${apportion('refund_source', 'refund_share')},
  refunded AS (SELECT day, "productId", "isBundle", share AS cents FROM refund_share)
  ${addItems(bucket, 'refunded', '-')}`;

export const saleCodes = (scope: Prisma.Sql) => Prisma.sql`
  INSERT INTO "SalesDayCode" (day, "voucherId", uses, "discountCents")
  SELECT ${saleDay}, o."voucherId", count(*), sum(o."discountCents")
  FROM "Order" o WHERE ${scope} AND ${paidOrder('o')} AND o."voucherId" IS NOT NULL AND o.kind <> 'subscription'
  GROUP BY 1, 2 ORDER BY 1, 2
  ${Prisma.raw(addTo('SalesDayCode', 'day, "voucherId"', ['uses', 'discountCents']))}`;

/**
 * A discount code counts as a voucher does, one use and its discount per paid
 * order, on every order that can carry one: a membership's first period too.
 */
export const saleDiscountCodes = (scope: Prisma.Sql) => Prisma.sql`
  INSERT INTO "SalesDayDiscountCode" (day, "discountCodeId", uses, "discountCents")
  SELECT ${saleDay}, o."discountCodeId", count(*), sum(o."discountCents")
  FROM "Order" o WHERE ${scope} AND ${paidOrder('o')} AND o."discountCodeId" IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ${Prisma.raw(addTo('SalesDayDiscountCode', 'day, "discountCodeId"', ['uses', 'discountCents']))}`;

/** Every statement that adds the payments `scope` selects, in lock order. */
export const saleStatements = (scope: Prisma.Sql) => [
  saleDays(scope),
  saleItems(scope, 'day'),
  saleItems(scope, 'month'),
  saleCodes(scope),
  saleDiscountCodes(scope),
];

/** Every statement that adds the refunds `scope` selects, in lock order. */
export const refundStatements = (scope: Prisma.Sql) => [refundDays(scope), refundItems(scope, 'day'), refundItems(scope, 'month')];
