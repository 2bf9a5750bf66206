// Invoice and adjustment-note numbers with no gaps and no duplicates
// (Decision 075). A number is taken from the sequence's DocumentCounter row
// inside the transaction that records the payment or the refund: the row lock
// makes concurrent issuers take turns, and a transaction that rolls back gives
// its number back with everything else it wrote. The lock lasts until commit,
// so the number is taken by the caller's last statement: one statement that
// counts and inserts, then COMMIT, is all that waits in line.
import 'server-only';
import { db, type Prisma } from '@/lib/infra/db';
import { businessDetailsAt } from './details';

type Tx = Prisma.TransactionClient;
type Sequence = 'invoice' | 'adjustment_note';

/**
 * Gives back the number the last statement took when its insert found the
 * document already issued (by another transaction, which held the turn before
 * this one and has committed). Still holding the turn, nobody took one since.
 */
async function giveBack(tx: Tx, sequence: Sequence): Promise<void> {
  await tx.$executeRaw`UPDATE "DocumentCounter" SET "lastNumber" = "lastNumber" - 1 WHERE name = ${sequence}`;
}

/** The order's invoice, issued in `tx` if it has none: the next number and the seller's details as at the payment. */
export async function issueInvoiceIn(tx: Tx, orderId: string, paidAt: Date): Promise<{ number: number; seller: unknown }> {
  const existing = await tx.invoice.findUnique({ where: { orderId } });
  if (existing) return existing;
  const seller = JSON.stringify(await businessDetailsAt(paidAt, tx));
  const [issued] = await tx.$queryRaw<{ number: number; seller: unknown }[]>`
    WITH next AS (UPDATE "DocumentCounter" SET "lastNumber" = "lastNumber" + 1 WHERE name = 'invoice' RETURNING "lastNumber")
    INSERT INTO "Invoice" ("number", "orderId", "seller") SELECT "lastNumber", ${orderId}, ${seller}::jsonb FROM next
    ON CONFLICT ("orderId") DO NOTHING
    RETURNING "number", "seller"`;
  if (issued) return issued;
  await giveBack(tx, 'invoice');
  return tx.invoice.findUniqueOrThrow({ where: { orderId } });
}

/** The refund's adjustment note, issued in `tx` if it has none, after its order's invoice (which it adjusts). */
export async function issueAdjustmentNoteIn(tx: Tx, refundId: string, order: { id: string; paidAt: Date }): Promise<{ number: number }> {
  await issueInvoiceIn(tx, order.id, order.paidAt);
  const existing = await tx.adjustmentNote.findUnique({ where: { refundId } });
  if (existing) return existing;
  const [issued] = await tx.$queryRaw<{ number: number }[]>`
    WITH next AS (UPDATE "DocumentCounter" SET "lastNumber" = "lastNumber" + 1 WHERE name = 'adjustment_note' RETURNING "lastNumber")
    INSERT INTO "AdjustmentNote" ("number", "refundId") SELECT "lastNumber", ${refundId} FROM next
    ON CONFLICT ("refundId") DO NOTHING
    RETURNING "number"`;
  if (issued) return issued;
  await giveBack(tx, 'adjustment_note');
  return tx.adjustmentNote.findUniqueOrThrow({ where: { refundId } });
}

/**
 * For documents of payments and refunds recorded before numbers were issued
 * with them: issued on first request, in a transaction of their own. Looked
 * up first, so a re-download waits for no turn.
 */
export async function issueInvoiceOnce(orderId: string, paidAt: Date): Promise<{ number: number; seller: unknown }> {
  const existing = await db().invoice.findUnique({ where: { orderId } });
  return existing ?? db().$transaction((tx) => issueInvoiceIn(tx, orderId, paidAt));
}

export async function issueAdjustmentNoteOnce(refundId: string, order: { id: string; paidAt: Date }): Promise<{ number: number }> {
  const existing = await db().adjustmentNote.findUnique({ where: { refundId } });
  return existing ?? db().$transaction((tx) => issueAdjustmentNoteIn(tx, refundId, order));
}
