// Refunds made in the back office: a whole order, chosen items, or a
// membership payment. Never half done (Decision 075): the refund is recorded
// as pending, with its items, amount and the request's idempotency key, before
// Stripe is asked; Stripe's answer, a webhook or the settle job then settles
// it on exactly those items, or drops it when Stripe refuses. A retry of the
// same request (same key) answers with the same refund. Test mode and $0
// refunds need no Stripe and are settled at once (Decision 067).
import 'server-only';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { kickJobs } from '@/lib/domain/jobs';
import { db, type MembershipEnd } from '@/lib/infra/db';
import { paymentMode } from '@/lib/infra/payments';
import { createProviderRefund, listProviderRefunds, ProviderRefusal } from '@/lib/infra/payments/refunds';
import { paymentIntentOf } from './payment-intents';
import { openRefund, type RefundRequest } from './requests';
import { settleFromProvider, type Settlement } from './settlement';

export type { RefundRequest } from './requests';

/** Product ids one request may name; an order holds at most a cart's worth. */
export const MAX_REFUND_ITEMS = 100;

export type RefundResult = {
  id: string;
  /** pending: Stripe's word has not arrived yet; the refund settles by itself when it does. */
  status: 'pending' | 'succeeded';
  amountCents: number;
  voucherReturnedCents: number;
  productIds: string[];
  throughStripe: boolean;
  membershipEnd: MembershipEnd | null;
};

export async function refundOrder(request: RefundRequest): Promise<RefundResult> {
  if (request.productIds && request.productIds.length > MAX_REFUND_ITEMS) throw invalid(`At most ${MAX_REFUND_ITEMS} products per refund`);
  const found = await db().order.findUnique({
    where: { sessionId: request.sessionId },
    select: { id: true, sessionId: true, kind: true, amountCents: true, paymentIntentId: true, fulfilledAt: true },
  });
  if (!found) throw notFound('Order not found');
  // Asked before anything is written, so Stripe being away here changes nothing.
  const card = found.kind === 'payment' || found.kind === 'subscription';
  if (found.fulfilledAt && card && found.amountCents > 0 && paymentMode() === 'stripe') await paymentIntentOf(found);

  // An admin's refund may wait for a pooled connection longer than a shopper's request would.
  const { refundId, created } = await db().$transaction((tx) => openRefund(tx, found.id, request), { maxWait: 10_000, timeout: 15_000 });
  // A retry looks at Stripe first: the refund may have been made by an attempt whose answer was lost.
  const outcome = await completePendingRefund(refundId, { lookFirst: !created });
  kickJobs();
  if (outcome.settlement === 'dropped') throw new AppError('conflict', `Stripe refused the refund (${outcome.reason}); nothing was refunded.`);
  return refundResult(refundId);
}

type Completion = { settlement: Settlement | 'pending'; reason?: string };

/**
 * Asks Stripe to make a pending refund, with the idempotency key of that
 * refund, so however often it is asked Stripe makes it once; with `lookFirst`,
 * finds it among the payment's refunds first. Then settles it (or drops it when
 * Stripe refused). Without Stripe's word (no answer, a timeout, Stripe's own
 * failure) or when recording it fails, the refund stays pending, for the
 * webhook or the settle job.
 */
export async function completePendingRefund(refundId: string, options: { lookFirst: boolean }): Promise<Completion> {
  const refund = await db().refund.findUnique({
    where: { id: refundId },
    select: { id: true, status: true, amountCents: true, orderId: true, order: { select: { id: true, sessionId: true, kind: true, paymentIntentId: true } } },
  });
  if (!refund || refund.status !== 'pending') return { settlement: 'unchanged' };
  let word: Parameters<typeof settleFromProvider>[1];
  try {
    const paymentIntentId = await paymentIntentOf(refund.order);
    const made = options.lookFirst ? (await listProviderRefunds({ paymentIntentId })).find((r) => r.refundId === refund.id) : undefined;
    word = {
      refund:
        made ??
        (await createProviderRefund({
          paymentIntentId,
          amountCents: refund.amountCents,
          idempotencyKey: `refund-${refund.id}`,
          metadata: { order_id: refund.orderId, refund_id: refund.id },
        })),
    };
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) {
      console.warn(`[refunds] no word from Stripe on ${refund.id}; it stays pending`, error instanceof Error ? error.message : error);
      return { settlement: 'pending' };
    }
    word = { refusal: error.message };
  }
  try {
    return { settlement: await settleFromProvider(refund.id, word), reason: 'refusal' in word ? word.refusal : undefined };
  } catch (error) {
    // Stripe made it but it could not be written here: the webhook or the settle job records it.
    console.warn(`[refunds] could not record ${refund.id}; it stays pending`, error instanceof Error ? error.message : error);
    return { settlement: 'pending' };
  }
}

/** The settle job: a refund still pending is asked about again; still no word, and the job retries with backoff. */
export async function settlePendingRefund(refundId: string): Promise<void> {
  const { settlement } = await completePendingRefund(refundId, { lookFirst: true });
  if (settlement === 'pending') throw new Error(`Refund ${refundId} is still waiting for Stripe`);
  kickJobs();
}

async function refundResult(refundId: string): Promise<RefundResult> {
  const refund = await db().refund.findUnique({
    where: { id: refundId },
    include: { order: { select: { items: { select: { id: true, productId: true } } } } },
  });
  if (!refund) throw notFound('Refund not found');
  return {
    id: refund.id,
    status: refund.status,
    amountCents: refund.amountCents,
    voucherReturnedCents: refund.voucherReturnedCents,
    productIds: refund.order.items.filter((i) => refund.itemIds.includes(i.id)).map((i) => i.productId),
    throughStripe: refund.status === 'pending' || refund.stripeRefundId !== null,
    membershipEnd: refund.membershipEnd,
  };
}
