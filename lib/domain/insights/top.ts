// Rankings over a range: products and bundles by net revenue and by units,
// and discount codes by use. A range reads whole months from SalesMonthItem
// and only its partial months' days from SalesDayItem, so a year is twelve
// month rows per product sold rather than 365 day rows.
import 'server-only';
import { wholeMonths, type DayRange } from '@/lib/calendar';
import { db, Prisma } from '@/lib/infra/db';

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

export const TOP_LIMIT = 10;

export type TopItem = { productId: string; title: string; isBundle: boolean; units: number; netCents: number };
export type Rankings = { byRevenue: TopItem[]; byUnits: TopItem[] };
export type TopItems = { products: Rankings; bundles: Rankings };

type Row = { ranking: string; bundle: boolean; productId: string; units: bigint; cents: bigint; title: string };

export async function topItems(client: Client, range: DayRange): Promise<TopItems> {
  const { first, end } = wholeMonths(range);
  const ranked = (bundle: boolean, order: string, filter: string) =>
    Prisma.raw(`(SELECT '${order}' AS ranking, * FROM totals WHERE ${bundle ? '' : 'NOT '}bundle AND ${filter} > 0
      ORDER BY ${order === 'revenue' ? 'cents DESC, units DESC' : 'units DESC, cents DESC'}, "productId" COLLATE "C" LIMIT ${TOP_LIMIT})`);
  const rows = await client.$queryRaw<Row[]>`
    WITH figures AS (
      SELECT "productId", "isBundle", units, "netCents" FROM "SalesMonthItem" WHERE month >= ${first}::date AND month < ${end}::date
      UNION ALL
      SELECT "productId", "isBundle", units, "netCents" FROM "SalesDayItem"
      WHERE (day >= ${range.from}::date AND day < ${first}::date) OR (day >= ${end}::date AND day <= ${range.to}::date)
    ),
    totals AS MATERIALIZED (
      SELECT "productId", bool_or("isBundle") AS bundle, sum(units)::int8 AS units, sum("netCents")::int8 AS cents FROM figures GROUP BY "productId"
    ),
    ranked AS (
      ${ranked(false, 'revenue', 'cents')} UNION ALL ${ranked(false, 'units', 'units')} UNION ALL
      ${ranked(true, 'revenue', 'cents')} UNION ALL ${ranked(true, 'units', 'units')}
    )
    SELECT r.ranking, r.bundle, r."productId", r.units, r.cents, coalesce(p.title, '') AS title
    FROM ranked r LEFT JOIN "Product" p ON p.id = r."productId"`;
  const list = (bundle: boolean, ranking: string): TopItem[] =>
    rows
      .filter((r) => r.bundle === bundle && r.ranking === ranking)
      .map((r) => ({ productId: r.productId, title: r.title, isBundle: r.bundle, units: Number(r.units), netCents: Number(r.cents) }))
      .sort(
        (a, b) =>
          (ranking === 'revenue' ? b.netCents - a.netCents || b.units - a.units : b.units - a.units || b.netCents - a.netCents) ||
          (a.productId < b.productId ? -1 : 1),
      );
  return {
    products: { byRevenue: list(false, 'revenue'), byUnits: list(false, 'units') },
    bundles: { byRevenue: list(true, 'revenue'), byUnits: list(true, 'units') },
  };
}

export type TopCode = { voucherId: string; code: string; type: string; usageType: string; uses: number; discountCents: number };

/** Discount codes and vouchers by uses on paid orders in the range, then by the discount they gave. */
export async function topCodes(client: Client, range: DayRange): Promise<TopCode[]> {
  const rows = await client.$queryRaw<{ voucherId: string; uses: bigint; cents: bigint; code: string | null; type: string | null; usageType: string | null }[]>`
    SELECT c."voucherId", sum(c.uses)::int8 AS uses, sum(c."discountCents")::int8 AS cents, v.code, v.type::text AS type, v."usageType"::text AS "usageType"
    FROM "SalesDayCode" c LEFT JOIN "Voucher" v ON v.id = c."voucherId"
    WHERE c.day >= ${range.from}::date AND c.day <= ${range.to}::date
    GROUP BY c."voucherId", v.code, v.type, v."usageType"
    ORDER BY uses DESC, cents DESC, c."voucherId" COLLATE "C" LIMIT ${TOP_LIMIT}`;
  return rows.map((r) => ({
    voucherId: r.voucherId,
    code: r.code ?? '',
    type: r.type ?? '',
    usageType: r.usageType ?? '',
    uses: Number(r.uses),
    discountCents: Number(r.cents),
  }));
}
