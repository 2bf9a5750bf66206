// The two calls the payment paths make, inside their own transactions, so a
// figure exists exactly when its payment or refund does: a rollback takes
// both, and a second call for the same one (a retry, a webhook and a poll
// racing) finds its SalesFigureEntry and adds nothing.
import 'server-only';
import { Prisma } from '@/lib/infra/db';
import { recordCustomerDay } from './customers';
import { refundEntries, refundStatements, saleEntries, saleStatements } from './figures';

type Tx = Prisma.TransactionClient;

async function addOnce(tx: Tx, entries: Prisma.Sql, statements: Prisma.Sql[]): Promise<boolean> {
  const fresh = await tx.$queryRaw<{ counted: number }[]>(entries);
  if (fresh.length === 0) return false;
  for (const statement of statements) await tx.$executeRaw(statement);
  return true;
}

/**
 * Counts a paid order (products, a $0 checkout or a membership payment) on its
 * payment day. Call it in the transaction that marks the order paid; an order
 * not paid, or already counted, changes nothing.
 */
export async function recordSaleFigures(tx: Tx, orderId: string): Promise<void> {
  const scope = Prisma.sql`o.id = ${orderId}`;
  if (await addOnce(tx, saleEntries(scope), saleStatements(scope))) await recordCustomerDay(tx, orderId);
}

/**
 * Counts a refund on the day it gave the money back. Call it in the
 * transaction that records the refund and in the one that settles it (a
 * dispute lost): one that has not given money back yet (an open dispute, a won
 * one) changes nothing, and is counted by the later call that settles it.
 */
export async function recordRefundFigures(tx: Tx, refundId: string): Promise<void> {
  const scope = Prisma.sql`r.id = ${refundId}`;
  await addOnce(tx, refundEntries(scope), refundStatements(scope));
}
