// Synthetic trading for the Insights benchmark: N paid orders over the last
// 365 days made by INSERT … SELECT FROM generate_series (a million in minutes,
// where a million checkouts would take days), then the Insights figures
// rebuilt from them by the shop's own statements (lib/domain/insights), so the
// figures and the orders agree exactly, as the payment paths keep them.
//
// The mix: card orders of 1–3 synthetic products, popular ones far more often
// (a product's rank is the cube of a uniform draw), 10 % with one of 40
// discount codes, 5 % member $0 checkouts, 2 % gift-card $0 checkouts, 3 %
// membership payments by 20,000 members; 200,000 customers, returning ones
// likelier; 2 % refunded in the back office within 20 days, 0.3 % disputed
// (half lost). Rows have ids `benchs…` (orders), `benchu…`, `benchv…`; another
// N replaces them.
import pg from 'pg';
import { BENCH_ID_PREFIX } from './bench-catalogue';

export const BENCH_ORDER_PREFIX = `${BENCH_ID_PREFIX}s`;
const USERS = 20_000;
const CUSTOMERS = 200_000;
const CODES = 40;

/** Synthetic orders now in the database. */
export async function countBenchOrders(client: pg.Client): Promise<number> {
  return Number((await client.query(`SELECT count(*) FROM "Order" WHERE id LIKE $1`, [`${BENCH_ORDER_PREFIX}%`])).rows[0].count);
}

export async function seedBenchOrders(databaseUrl: string, count: number, log: (m: string) => void): Promise<{ orders: number; created: boolean }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await countBenchOrders(client);
    if (existing === count) return { orders: count, created: false };
    const products = Number((await client.query(`SELECT count(*) FROM "Product" WHERE id LIKE $1 AND NOT "isBundle"`, [`${BENCH_ID_PREFIX}%`])).rows[0].count);
    if (count > 0 && products < 1000) throw new Error('Seed at least 1,000 synthetic products before orders (--products)');
    const started = performance.now();
    await client.query('BEGIN');
    await client.query(`DELETE FROM "Order" WHERE id LIKE $1`, [`${BENCH_ORDER_PREFIX}%`]);
    await client.query(`DELETE FROM "Voucher" WHERE id LIKE $1`, [`${BENCH_ID_PREFIX}v%`]);
    await client.query(`DELETE FROM "User" WHERE id LIKE $1`, [`${BENCH_ID_PREFIX}u%`]);
    if (count > 0) {
      // Order's trigram indexes would be updated row by row: dropped, and built once at the end.
      const indexes = await client.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'Order' AND indexdef LIKE '%gin_trgm_ops%'`,
      );
      for (const index of indexes.rows) await client.query(`DROP INDEX "${index.indexname}"`);
      for (const statement of seedStatements(products)) await client.query(statement, statement.includes('$1') ? [count] : []);
      for (const index of indexes.rows) await client.query(index.indexdef);
    }
    await client.query('COMMIT');
    log(`Inserted ${count} synthetic orders in ${Math.round(performance.now() - started)} ms`);
    return { orders: count, created: true };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

function seedStatements(products: number): string[] {
  const id = (prefix: string, column: string) => `'${BENCH_ID_PREFIX}${prefix}' || lpad(${column}::text, 8, '0')`;
  const price = (n: string) => `(300 + (${n} % 20) * 100)`;
  return [
    `INSERT INTO "User" (id, email, name, "passwordHash", "createdAt", "updatedAt")
     SELECT ${id('u', 'u')}, 'member' || u || '@bench.example', 'Member ' || u, 'bench-no-login', now() - interval '400 days', now()
     FROM generate_series(1, ${USERS}) AS u`,
    `INSERT INTO "Voucher" (id, code, "customerEmail", type, "valueBasisPoints", "usageType", status, "createdAt")
     SELECT ${id('v', 'v')}, 'BENCH' || v, 'codes@bench.example', 'percentage', 500 + (v % 4) * 500, 'reusable', 'active', now() - interval '400 days'
     FROM generate_series(1, ${CODES}) AS v`,
    // One row per order: when, what kind, who, which code; random() once per order, kept.
    `CREATE TEMP TABLE bench_order ON COMMIT DROP AS
     SELECT g, now() - interval '365 days' * r1 - interval '1 hour' AS at,
            CASE WHEN r2 < 0.03 THEN 'subscription' WHEN r2 < 0.08 THEN 'member' WHEN r2 < 0.10 THEN 'voucher' ELSE 'payment' END AS kind,
            1 + floor(${CUSTOMERS} * power(r3, 2))::int AS customer,
            1 + floor(${USERS} * r3)::int AS member,
            CASE WHEN r4 < 0.10 THEN 1 + floor(${CODES} * power(r4 * 10, 2))::int END AS code,
            1 + (g % 3 = 0)::int + (g % 7 = 0)::int AS items, r5
     FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5 FROM generate_series(1, $1::int) AS g) draws`,
    `CREATE TEMP TABLE bench_item ON COMMIT DROP AS
     SELECT o.g, k, p, ${price('p')} AS price
     FROM bench_order o, generate_series(1, o.items) AS k,
          LATERAL (SELECT 1 + (floor(${products} * power(o.r5, 3))::int + (k - 1) * 7919) % ${products} AS p) pick
     WHERE o.kind <> 'subscription'`,
    `INSERT INTO "Order" (id, "sessionId", kind, "userId", "customerEmail", "subtotalCents", "discountCents", "amountCents",
                         "paymentStatus", status, "voucherId", "planInterval", "fulfilledAt", "createdAt", "updatedAt")
     SELECT ${id('s', 'o.g')}, 'cs_bench_' || o.g, o.kind::"OrderKind",
            CASE WHEN o.kind IN ('subscription', 'member') THEN ${id('u', 'o.member')} END,
            CASE WHEN o.kind IN ('subscription', 'member') THEN 'member' || o.member || '@bench.example' ELSE 'customer' || o.customer || '@bench.example' END,
            coalesce(t.subtotal, plan.cents), coalesce(d.discount, 0), coalesce(t.subtotal, plan.cents) - coalesce(d.discount, 0),
            CASE WHEN o.kind IN ('member', 'voucher') THEN 'no_payment_required' ELSE 'paid' END, 'complete',
            CASE WHEN o.kind = 'payment' AND o.code IS NOT NULL THEN ${id('v', 'o.code')} END,
            CASE WHEN o.kind = 'subscription' THEN plan.interval::"PlanInterval" END,
            o.at, o.at, o.at
     FROM bench_order o
     LEFT JOIN (SELECT g, sum(price)::int AS subtotal FROM bench_item GROUP BY g) t ON t.g = o.g
     CROSS JOIN LATERAL (SELECT CASE WHEN o.g % 5 = 0 THEN 'year' ELSE 'month' END AS interval,
                                CASE WHEN o.g % 5 = 0 THEN 29900 ELSE 3500 END AS cents) plan
     LEFT JOIN LATERAL (SELECT CASE WHEN o.kind IN ('member', 'voucher') THEN t.subtotal
                                    WHEN o.kind = 'payment' AND o.code IS NOT NULL THEN t.subtotal * (500 + (o.code % 4) * 500) / 10000 END AS discount) d ON true`,
    `INSERT INTO "OrderItem" (id, "orderId", "productId", title, "priceCents")
     SELECT ${id('i', 'i.g')} || '_' || i.k, ${id('s', 'i.g')}, 'bench' || lpad(i.p::text, 7, '0'), 'Bench product ' || i.p, i.price
     FROM bench_item i`,
    // Back-office refunds of whole card orders, within 20 days, never in the future.
    `INSERT INTO "Refund" (id, "orderId", source, "amountCents", actor, "createdAt")
     SELECT ${id('r', 'o.g')}, ${id('s', 'o.g')}, 'admin', t.amount, 'bench', least(o.at + interval '1 day' * ((o.g % 97) * 20 / 97), now() - interval '1 minute')
     FROM bench_order o JOIN (SELECT id, "amountCents" AS amount FROM "Order" WHERE id LIKE '${BENCH_ORDER_PREFIX}%') t ON t.id = ${id('s', 'o.g')}
     WHERE o.kind = 'payment' AND o.g % 50 = 1`,
    `INSERT INTO "Refund" (id, "orderId", source, "amountCents", actor, "stripeDisputeId", "disputeOutcome", "resolvedAt", "createdAt")
     SELECT ${id('d', 'o.g')}, ${id('s', 'o.g')}, 'dispute', t.amount, 'stripe', 'dp_bench_' || o.g,
            CASE WHEN o.g % 2 = 0 THEN 'lost' ELSE 'won' END::"DisputeOutcome",
            least(o.at + interval '30 days', now() - interval '1 minute'), least(o.at + interval '5 days', now() - interval '1 minute')
     FROM bench_order o JOIN (SELECT id, "amountCents" AS amount FROM "Order" WHERE id LIKE '${BENCH_ORDER_PREFIX}%') t ON t.id = ${id('s', 'o.g')}
     WHERE o.kind = 'payment' AND o.g % 333 = 2 AND o.g % 50 <> 1`,
    `UPDATE "OrderItem" i SET "refundId" = r.id,
            "refundedAt" = CASE WHEN r.source = 'dispute' AND r."disputeOutcome" = 'won' THEN NULL ELSE r."createdAt" END
     FROM "Refund" r WHERE r."orderId" = i."orderId" AND r.id LIKE '${BENCH_ID_PREFIX}%'`,
  ];
}
