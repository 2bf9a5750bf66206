// The rules that turn orders and refunds into figures, as SQL fragments shared
// by the per-payment and per-refund writes (record.ts) and by the rebuild from
// every record (rebuild.ts), so both count in exactly one way. Each mirrors a
// rule written in TypeScript elsewhere; tests/integration/insights-*.test.ts
// recomputes the figures with those and compares.
import 'server-only';
import { Prisma } from '@/lib/infra/db';
import { SHOP_TIME_ZONE } from '@/lib/shop';

/** "No earlier paying day": a new customer (SalesDayCustomers.previousDay). */
export const FIRST_VISIT = '0001-01-01';

/** The shop's calendar day of a `timestamp(3)` column (Prisma stores UTC). */
export const localDay = (column: string) => Prisma.raw(`((${column} AT TIME ZONE 'UTC') AT TIME ZONE '${SHOP_TIME_ZONE}')::date`);

/** An order paid (or $0 and complete): what owned.ts and the invoice rule count as paid. */
export const paidOrder = (alias: string) => Prisma.raw(`${alias}."fulfilledAt" IS NOT NULL AND ${alias}."paymentStatus" IN ('paid', 'no_payment_required')`);

/**
 * Refunds that gave money back, as `refundsWithNotes` (refunds/notes.ts)
 * selects them for adjustment notes, before its amount > 0: a $0 order's
 * refund still ends units. A pending refund (waiting for Stripe, Decision 075)
 * and an open dispute have returned nothing; a won dispute never will.
 */
export const settledRefund = (alias: string) =>
  Prisma.raw(
    `(${alias}.status = 'succeeded' AND (${alias}.source IN ('admin', 'stripe_refund') OR (${alias}.source = 'dispute' AND ${alias}."disputeOutcome" = 'lost')))`,
  );

/** When a refund gave the money back, as `moneyReturnedAt` dates its adjustment note: when Stripe made it, a lost dispute when it closed. */
export const refundDay = (alias: string) =>
  localDay(
    `CASE WHEN ${alias}.source = 'dispute' THEN coalesce(${alias}."resolvedAt", ${alias}."createdAt") ELSE coalesce(${alias}."settledAt", ${alias}."createdAt") END`,
  );

/**
 * Whether the order's documents carry GST: its invoice's seller snapshot once
 * issued, else the business details in force at the payment, which is what the
 * invoice will snapshot (businessDetailsAt in invoices/business.ts, Decision 065).
 */
export const gstRegistered = (order: string) =>
  Prisma.raw(`coalesce(
    (SELECT coalesce(inv.seller -> 'gstRegistered' = 'true'::jsonb, false) FROM "Invoice" inv WHERE inv."orderId" = ${order}.id),
    (SELECT coalesce(a.details -> 'gstRegistered' = 'true'::jsonb, false) FROM "AuditLog" a
      WHERE a.action = 'settings.business' AND a."createdAt" <= ${order}."fulfilledAt"
      ORDER BY a."createdAt" DESC, a.id DESC LIMIT 1),
    (SELECT CASE WHEN pg_input_is_valid(s.value, 'jsonb') THEN coalesce(s.value::jsonb -> 'gstRegistered' = 'true'::jsonb, false) ELSE false END
      FROM "Setting" s WHERE s.key = 'business_details'),
    false)`);

/** GST in a GST-inclusive total: one eleventh, rounded half up to the cent (gstIncludedCents, invoices/document.ts). */
export const gstOf = (cents: string) => Prisma.raw(`round(${cents} / 11.0)::int`);

/**
 * CTEs `<name>` splitting each group's `total` over its rows by `weight` into
 * whole cents (column `share`), exactly as apportionCents does
 * (refunds/shares.ts): double-precision arithmetic, the leftover cents
 * to the largest remainders, ties to the lower id in byte order, an even
 * split when the weights add up to nothing. `source` has grp, id, total, weight.
 */
export function apportion(source: string, name: string): Prisma.Sql {
  return Prisma.raw(`
  ${name}_weighed AS (
    SELECT *, CASE WHEN sum(weight) OVER (PARTITION BY grp) > 0 THEN weight ELSE 1 END AS w FROM ${source}
  ),
  ${name}_exact AS (
    SELECT *, (total::float8 * w) / sum(w) OVER (PARTITION BY grp) AS x FROM ${name}_weighed
  ),
  ${name}_ranked AS (
    SELECT *, total - sum(floor(x)) OVER (PARTITION BY grp) AS leftover,
           row_number() OVER (PARTITION BY grp ORDER BY x - floor(x) DESC, id COLLATE "C") AS place
    FROM ${name}_exact
  ),
  ${name} AS (
    SELECT *, floor(x)::int + CASE WHEN place <= leftover THEN 1 ELSE 0 END AS share FROM ${name}_ranked
  )`);
}
