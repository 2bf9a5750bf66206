import 'server-only';
import { isSaleActive, type PriceFields } from '@/lib/domain/pricing';
import { Prisma } from '@/lib/infra/db';

const iso = (value: string | Date | null) => (value === null ? '' : new Date(value).toISOString());

/**
 * Names the sale running at `now` by its price and window, or null when none
 * runs: the same sale keeps its name day after day, a new one gets another.
 * (A sale ended and started again by hand at the same price, with no window,
 * keeps the name of the first and is not alerted again.)
 */
export function saleKeyAt(item: PriceFields, now: Date): string | null {
  if (!isSaleActive(item, now)) return null;
  return `${item.salePriceCents}:${iso(item.saleStart)}:${iso(item.saleEnd)}`;
}

const isoSql = (column: Prisma.Sql) => Prisma.sql`COALESCE(to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;

/**
 * saleKeyAt in SQL for the product aliased `p`, for picking recipients in bulk:
 * the same text for the same sale (timestamps are stored in UTC, to the
 * millisecond, as toISOString writes them). Only meaningful while a sale runs.
 */
export const saleKeySql = Prisma.sql`p."salePriceCents"::text || ':' || ${isoSql(Prisma.sql`p."saleStart"`)} || ':' || ${isoSql(Prisma.sql`p."saleEnd"`)}`;

/** isSaleActive in SQL for the product aliased `p` at `now`. */
export const saleActiveSql = (now: Date) =>
  Prisma.sql`p."onSale" AND p."salePriceCents" IS NOT NULL AND p."salePriceCents" >= 0 AND p."salePriceCents" < p."priceCents"
    AND (p."saleStart" IS NULL OR p."saleStart" <= ${now}) AND (p."saleEnd" IS NULL OR p."saleEnd" > ${now})`;
