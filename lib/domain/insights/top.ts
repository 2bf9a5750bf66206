// Rankings over a range: products and bundles by net revenue and by units,
// and discount codes by use. A range is read as whole months (SalesMonthItem)
// plus the days of its partial months (SalesDayItem).
//
// A year holds tens of thousands of products sold, too many to add up on
// every request, so products are ranked as a threshold algorithm does, and
// still exactly: take each period's K best sellers (an index read in order),
// add up only those candidates over the whole range, and bound what any other
// product can have made: in each period no more than that period's K-th best.
// When the tenth candidate beats the sum of those bounds, no other product
// can reach the list; otherwise K grows, and at last every product is added.
// Bundles are few, and always added up in full.
import 'server-only';
import { wholeMonths, type DayRange } from '@/lib/calendar';
import { db, Prisma } from '@/lib/infra/db';

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

export const TOP_LIMIT = 10;
/**
 * Leaders taken per whole month and metric, each round (a fifth as many per
 * edge day, which sells less); after the last round every product is added up.
 */
const ROUNDS = [50, 400];
const dayLeaders = (k: number) => Math.max(1, Math.ceil(k / 5));

export type TopItem = { productId: string; title: string; isBundle: boolean; units: number; netCents: number };
export type Rankings = { byRevenue: TopItem[]; byUnits: TopItem[] };
export type TopItems = { products: Rankings; bundles: Rankings };

type Metric = 'netCents' | 'units';
type Total = { productId: string; units: number; netCents: number };
export type Window = DayRange & { first: string; end: string };

const METRICS: Metric[] = ['netCents', 'units'];

/** The range's rows of both tables, products or bundles, optionally only the products `only` selects. */
function rows(w: Window, bundles: boolean, only?: Prisma.Sql): Prisma.Sql {
  const among = only ? Prisma.sql`AND "productId" = ANY(ARRAY(${only}))` : Prisma.empty;
  return Prisma.sql`
    SELECT "productId", units, "netCents" FROM "SalesMonthItem"
    WHERE month >= ${w.first}::date AND month < ${w.end}::date AND "isBundle" = ${bundles} ${among}
    UNION ALL
    SELECT "productId", units, "netCents" FROM "SalesDayItem"
    WHERE ((day >= ${w.from}::date AND day < ${w.first}::date) OR (day >= ${w.end}::date AND day <= ${w.to}::date))
      AND "isBundle" = ${bundles} ${among}`;
}

/**
 * CTE `ranked`: the rows added up per product and the top ten by each figure,
 * best first, then by the other figure, then by id (as the tests rank them).
 * Only these few rows leave the database.
 */
const ranked = (source: Prisma.Sql) => Prisma.sql`
  totals AS MATERIALIZED (
    SELECT "productId", sum(units)::int8 AS units, sum("netCents")::int8 AS cents FROM (${source}) f GROUP BY "productId"
  ),
  ranked AS (
    (SELECT 'netCents' AS metric, row_number() OVER (ORDER BY cents DESC, units DESC, "productId" COLLATE "C") AS place, *
     FROM totals WHERE cents > 0 ORDER BY place LIMIT ${TOP_LIMIT})
    UNION ALL
    (SELECT 'units' AS metric, row_number() OVER (ORDER BY units DESC, cents DESC, "productId" COLLATE "C") AS place, *
     FROM totals WHERE units > 0 ORDER BY place LIMIT ${TOP_LIMIT})
  )`;

type RankedRow = { metric: Metric; productId: string; units: bigint; cents: bigint };

function lists(found: RankedRow[]): Record<Metric, Total[]> {
  const of = (metric: Metric) =>
    found.filter((r) => r.metric === metric).map((r) => ({ productId: r.productId, units: Number(r.units), netCents: Number(r.cents) }));
  return { netCents: of('netCents'), units: of('units') };
}

/** The top ten products (or bundles) by each figure, adding up every one of them. */
export async function rankAll(client: Client, w: Window, bundles: boolean): Promise<Record<Metric, Total[]>> {
  return lists(
    await client.$queryRaw<RankedRow[]>`WITH ${ranked(rows(w, bundles))} SELECT metric, "productId", units, cents FROM ranked ORDER BY metric, place`,
  );
}

/**
 * The exact top products by both figures from K leaders per period, or null
 * when they cannot prove it: some product outside them might make the list.
 */
export async function provenTop(client: Client, w: Window, k: number): Promise<Record<Metric, Total[]> | null> {
  const best = (metric: Metric, table: string, key: string, periods: Prisma.Sql, limit: number) => Prisma.sql`
    SELECT ${metric}::text AS metric, p.at AS period, ${limit}::int AS taken, t."productId", t.value
    FROM (${periods}) p
    CROSS JOIN LATERAL (
      SELECT "productId", ${Prisma.raw(`"${metric}"`)}::int8 AS value FROM ${Prisma.raw(`"${table}"`)}
      WHERE ${Prisma.raw(key)} = p.at AND NOT "isBundle" ORDER BY ${Prisma.raw(`"${metric}"`)} DESC LIMIT ${limit}
    ) t`;
  const months = Prisma.sql`SELECT generate_series(${w.first}::date, ${w.end}::date - 1, interval '1 month')::date AS at`;
  const days = Prisma.sql`SELECT at FROM (SELECT generate_series(${w.from}::date, ${w.to}::date, interval '1 day')::date AS at) d
    WHERE at < ${w.first}::date OR at >= ${w.end}::date`;
  const leaders = Prisma.join(
    METRICS.flatMap((metric) => [best(metric, 'SalesMonthItem', 'month', months, k), best(metric, 'SalesDayItem', 'day', days, dayLeaders(k))]),
    ' UNION ALL ',
  );
  const found = await client.$queryRaw<(RankedRow & { bound: bigint })[]>`
    WITH leaders AS MATERIALIZED (${leaders}),
    -- A product outside the leaders made at most the K-th best of each full period, and nothing in the others.
    bounds AS (
      SELECT metric, sum(CASE WHEN n = taken THEN greatest(kth, 0) ELSE 0 END)::int8 AS bound
      FROM (SELECT metric, period, max(taken) AS taken, count(*) AS n, min(value) AS kth FROM leaders GROUP BY metric, period) periods
      GROUP BY metric
    ),
    ${ranked(rows(w, false, Prisma.sql`SELECT DISTINCT "productId" FROM leaders`))}
    SELECT b.metric, r."productId", r.units, r.cents, b.bound FROM bounds b LEFT JOIN ranked r ON r.metric = b.metric ORDER BY b.metric, r.place`;
  const top = lists(found.filter((r) => r.productId !== null));
  for (const metric of METRICS) {
    const bound = Number(found.find((r) => r.metric === metric)?.bound ?? 0);
    // Closed to outsiders when the last place beats the bound (a tie would need the tie-break).
    const bar = top[metric].length === TOP_LIMIT ? top[metric][TOP_LIMIT - 1][metric] : 1;
    if (bound >= bar) return null;
  }
  return top;
}

/** `rounds`: the K of each round (tests pass tiny ones to drive the bound and the fallback). */
export async function topItems(client: Client, range: DayRange, rounds: number[] = ROUNDS): Promise<TopItems> {
  const w = { ...range, ...wholeMonths(range) };
  let products: Record<Metric, Total[]> | null = null;
  for (const k of rounds) {
    products = await provenTop(client, w, k);
    if (products) break;
  }
  products ??= await rankAll(client, w, false);
  const bundles = await rankAll(client, w, true);
  const ids = [...new Set([products, bundles].flatMap((l) => [...l.netCents, ...l.units].map((t) => t.productId)))];
  const titles = new Map((await client.product.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } })).map((p) => [p.id, p.title]));
  const toItems = (totals: Total[], isBundle: boolean) => totals.map((t) => ({ ...t, title: titles.get(t.productId) ?? '', isBundle }));
  return {
    products: { byRevenue: toItems(products.netCents, false), byUnits: toItems(products.units, false) },
    bundles: { byRevenue: toItems(bundles.netCents, true), byUnits: toItems(bundles.units, true) },
  };
}

export type CodeKind = 'voucher' | 'discount_code';
export type TopCode = { codeId: string; kind: CodeKind; code: string; type: string; usageType: string; uses: number; discountCents: number };

/**
 * Gift vouchers and discount codes by uses on paid orders in the range, then by
 * the discount they gave: one ranking, each code's days added up from its own
 * table (a voucher's usage type; a discount code has none).
 */
export async function topCodes(client: Client, range: DayRange): Promise<TopCode[]> {
  const inRange = Prisma.sql`c.day >= ${range.from}::date AND c.day <= ${range.to}::date`;
  const rows = await client.$queryRaw<
    { id: string; kind: CodeKind; uses: bigint; cents: bigint; code: string | null; type: string | null; usageType: string | null }[]
  >`
    SELECT * FROM (
      SELECT c."voucherId" AS id, 'voucher' AS kind, sum(c.uses)::int8 AS uses, sum(c."discountCents")::int8 AS cents,
             v.code, v.type::text AS type, v."usageType"::text AS "usageType"
      FROM "SalesDayCode" c LEFT JOIN "Voucher" v ON v.id = c."voucherId"
      WHERE ${inRange} GROUP BY c."voucherId", v.code, v.type, v."usageType"
      UNION ALL
      SELECT c."discountCodeId", 'discount_code', sum(c.uses)::int8, sum(c."discountCents")::int8, d.code, d.type::text, ''
      FROM "SalesDayDiscountCode" c LEFT JOIN "DiscountCode" d ON d.id = c."discountCodeId"
      WHERE ${inRange} GROUP BY c."discountCodeId", d.code, d.type
    ) codes
    ORDER BY uses DESC, cents DESC, id COLLATE "C" LIMIT ${TOP_LIMIT}`;
  return rows.map((r) => ({
    codeId: r.id,
    kind: r.kind,
    code: r.code ?? '',
    type: r.type ?? '',
    usageType: r.usageType ?? '',
    uses: Number(r.uses),
    discountCents: Number(r.cents),
  }));
}
