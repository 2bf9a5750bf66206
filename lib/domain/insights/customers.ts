// New and returning customers. A customer is the lower-cased email of a paid
// order (stored as its md5, a uuid). Each paying day of a customer is a row of
// CustomerDay, and SalesDayCustomers counts, per day, the customers paying that
// day by their previous paying day. A range's customers are then its days'
// customers whose previous day falls before the range (each counted once,
// on their first day in it); the new ones are those with no previous day.
import 'server-only';
import { Prisma } from '@/lib/infra/db';
import { FIRST_VISIT, localDay, paidOrder } from './sql';

type Tx = Prisma.TransactionClient;

const customerOf = (order: string) => Prisma.raw(`md5(lower(${order}."customerEmail"))`);

/** Adds one paid order's customer and day; a day already known for them changes nothing. */
export async function recordCustomerDay(tx: Tx, orderId: string): Promise<void> {
  // One customer's days change one at a time: the day before and after must be read as they are.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${customerOf('o')}, 83))
    FROM "Order" o WHERE o.id = ${orderId} AND o."customerEmail" IS NOT NULL`;
  // A day between two known days splits their pair: (next, previous) becomes (day, previous) and (next, day).
  await tx.$executeRaw`
    WITH visit AS (
      INSERT INTO "CustomerDay" (customer, day)
      SELECT ${customerOf('o')}::uuid, ${localDay('o."fulfilledAt"')} FROM "Order" o
      WHERE o.id = ${orderId} AND o."customerEmail" IS NOT NULL AND ${paidOrder('o')}
      ON CONFLICT DO NOTHING RETURNING customer, day
    ),
    around AS (
      SELECT v.day,
             coalesce((SELECT max(c.day) FROM "CustomerDay" c WHERE c.customer = v.customer AND c.day < v.day), ${FIRST_VISIT}::date) AS previous,
             (SELECT min(c.day) FROM "CustomerDay" c WHERE c.customer = v.customer AND c.day > v.day) AS following
      FROM visit v
    ),
    changes AS (
      SELECT day, previous, 1 AS delta FROM around
      UNION ALL SELECT following, previous, -1 FROM around WHERE following IS NOT NULL
      UNION ALL SELECT following, day, 1 FROM around WHERE following IS NOT NULL
    )
    INSERT INTO "SalesDayCustomers" (day, "previousDay", customers)
    SELECT day, previous, sum(delta) FROM changes GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, "previousDay") DO UPDATE SET customers = "SalesDayCustomers".customers + EXCLUDED.customers`;
}

/** Every customer's paying days from the orders, into empty tables (the rebuild). */
export const rebuildCustomerStatements = () => [
  Prisma.sql`INSERT INTO "CustomerDay" (customer, day)
    SELECT DISTINCT ${customerOf('o')}::uuid, ${localDay('o."fulfilledAt"')} FROM "Order" o
    WHERE o."customerEmail" IS NOT NULL AND ${paidOrder('o')}`,
  Prisma.sql`INSERT INTO "SalesDayCustomers" (day, "previousDay", customers)
    SELECT day, previous, count(*) FROM (
      SELECT day, coalesce(lag(day) OVER (PARTITION BY customer ORDER BY day), ${FIRST_VISIT}::date) AS previous FROM "CustomerDay"
    ) visits GROUP BY 1, 2`,
];

export type CustomerCounts = { newCustomers: number; returningCustomers: number };

/** New and returning customers of the days from..to (YYYY-MM-DD, inclusive). */
export async function countCustomers(client: Tx, from: string, to: string): Promise<CustomerCounts> {
  const [row] = await client.$queryRaw<{ new: bigint | null; all: bigint | null }[]>`
    SELECT sum(customers) FILTER (WHERE "previousDay" = ${FIRST_VISIT}::date) AS new,
           sum(customers) FILTER (WHERE "previousDay" < ${from}::date) AS all
    FROM "SalesDayCustomers" WHERE day >= ${from}::date AND day <= ${to}::date`;
  const all = Number(row?.all ?? 0);
  const fresh = Number(row?.new ?? 0);
  return { newCustomers: fresh, returningCustomers: all - fresh };
}
