// Every figure recomputed from the orders and refunds, with the very
// statements the payment paths run, scoped to all of them. For the benchmark's
// generated orders and for checking that the running figures never drifted
// (the migration that created the tables ran the same statements once).
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';
import { rebuildCustomerStatements } from './customers';
import { refundEntries, refundStatements, saleEntries, saleStatements } from './figures';

/** The tables rebuilt from the records (MembershipCancellation is a record of its own). */
export const FIGURE_TABLES = [
  'SalesFigureEntry',
  'SalesDay',
  'SalesDayItem',
  'SalesMonthItem',
  'SalesDayCode',
  'SalesDayDiscountCode',
  'CustomerDay',
  'SalesDayCustomers',
] as const;

export async function rebuildSalesFigures(): Promise<void> {
  const all = Prisma.sql`true`;
  await db().$transaction(
    async (tx) => {
      // TRUNCATE locks the tables until the commit: a payment committed before it is in the
      // rebuild; one committing after it waits, then finds no entry of its own and counts itself.
      await tx.$executeRaw(Prisma.raw(`TRUNCATE ${FIGURE_TABLES.map((t) => `"${t}"`).join(', ')}`));
      for (const statement of [saleEntries(all), ...saleStatements(all), refundEntries(all), ...refundStatements(all), ...rebuildCustomerStatements()]) {
        await tx.$executeRaw(statement);
      }
    },
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
}
