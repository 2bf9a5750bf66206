// Invoice and adjustment-note numbers with no gaps and no duplicates
// (Decision 075). A number is taken from the sequence's DocumentCounter row
// inside the transaction that records the payment or the refund: the row lock
// makes concurrent issuers take turns, and a transaction that rolls back gives
// its number back with everything else it wrote. The lock is held until
// commit, so callers issue last, after their other work.
import 'server-only';
import { db, type Prisma } from '@/lib/infra/db';
import { businessDetailsAt } from './business';

type Tx = Prisma.TransactionClient;
type Sequence = 'invoice' | 'adjustment_note';

/**
 * Waits for the sequence's turn and holds it to commit. Taken before looking
 * for an existing document, so a concurrent issuer of the same one has
 * committed by then and is seen (READ COMMITTED reads afresh per statement).
 */
async function takeTurn(tx: Tx, sequence: Sequence): Promise<void> {
  await tx.$queryRaw`SELECT "lastNumber" FROM "DocumentCounter" WHERE name = ${sequence} FOR UPDATE`;
}

async function nextNumber(tx: Tx, sequence: Sequence): Promise<number> {
  const [row] = await tx.$queryRaw<{ lastNumber: number }[]>`
    UPDATE "DocumentCounter" SET "lastNumber" = "lastNumber" + 1 WHERE name = ${sequence} RETURNING "lastNumber"`;
  if (!row) throw new Error(`The ${sequence} counter is missing (see migration pending_refunds_and_gapless_document_numbers)`);
  return row.lastNumber;
}

/** The order's invoice, issued in `tx` if it has none: the next number and the seller's details as at the payment. */
export async function issueInvoiceIn(tx: Tx, orderId: string, paidAt: Date): Promise<{ number: number; seller: unknown }> {
  await takeTurn(tx, 'invoice');
  const existing = await tx.invoice.findUnique({ where: { orderId } });
  if (existing) return existing;
  const seller = await businessDetailsAt(paidAt, tx);
  return tx.invoice.create({ data: { number: await nextNumber(tx, 'invoice'), orderId, seller } });
}

/** The refund's adjustment note, issued in `tx` if it has none, after its order's invoice (which it adjusts). */
export async function issueAdjustmentNoteIn(tx: Tx, refundId: string, order: { id: string; paidAt: Date }): Promise<{ number: number }> {
  await issueInvoiceIn(tx, order.id, order.paidAt);
  await takeTurn(tx, 'adjustment_note');
  const existing = await tx.adjustmentNote.findUnique({ where: { refundId } });
  if (existing) return existing;
  return tx.adjustmentNote.create({ data: { number: await nextNumber(tx, 'adjustment_note'), refundId } });
}

/**
 * For documents of payments and refunds recorded before numbers were issued
 * with them: issued on first request, in a transaction of their own. Looked
 * up first, so a re-download waits for no lock.
 */
export async function issueInvoiceOnce(orderId: string, paidAt: Date): Promise<{ number: number; seller: unknown }> {
  const existing = await db().invoice.findUnique({ where: { orderId } });
  return existing ?? db().$transaction((tx) => issueInvoiceIn(tx, orderId, paidAt));
}

export async function issueAdjustmentNoteOnce(refundId: string, order: { id: string; paidAt: Date }): Promise<{ number: number }> {
  const existing = await db().adjustmentNote.findUnique({ where: { refundId } });
  return existing ?? db().$transaction((tx) => issueAdjustmentNoteIn(tx, refundId, order));
}
