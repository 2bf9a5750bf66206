// An order that is never paid must not stay open, holding its voucher
// reservation, forever. Every checkout that opens a payment session schedules
// this job for just after the session lapses. It also closes the orders whose
// checkout died between writing the order and recording the provider's
// session (a database outage at that moment): they still carry `pending_…`.
import 'server-only';
import { db, type Prisma } from '@/lib/infra/db';
import { enqueue } from '@/lib/domain/jobs';
import { reconcileOpenOrder } from './status';

export const ORDER_LAPSE_JOB = 'order-lapse';
/** After expiry, so the provider has closed the session and its webhook has had a chance first. */
const GRACE_MS = 60_000;

export async function scheduleOrderLapse(tx: Prisma.TransactionClient, orderId: string, expiresAt: Date): Promise<void> {
  await enqueue(tx, ORDER_LAPSE_JOB, { orderId }, { key: orderId, runAt: new Date(expiresAt.getTime() + GRACE_MS) });
}

/** Paid at the provider → fulfilled; lapsed → expired with its voucher given back. */
export async function lapseOrder(orderId: string): Promise<void> {
  const select = { sessionId: true, status: true, fulfilledAt: true, expiresAt: true } as const;
  const order = await db().order.findUnique({ where: { id: orderId }, select });
  if (!order || order.status !== 'open' || order.fulfilledAt) return;
  await reconcileOpenOrder(order.sessionId, order.expiresAt);
  const after = await db().order.findUniqueOrThrow({ where: { id: orderId }, select });
  // Only when the provider could not be asked: fail, so the job retries with backoff.
  if (after.status === 'open' && !after.fulfilledAt) throw new Error(`Order ${orderId} is still open at the payment provider`);
}
