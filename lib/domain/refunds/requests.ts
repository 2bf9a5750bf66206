// The first step of a back-office refund, under the order's lock: the refund
// this very request made before (its idempotency key), or a new one for the
// chosen items, recorded as pending before Stripe is asked (Decision 075).
// A refund that needs no Stripe call (test mode, $0) is settled right here.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { AppError, invalid } from '@/lib/domain/errors';
import { enqueue } from '@/lib/domain/jobs';
import type { MembershipEnd, Prisma } from '@/lib/infra/db';
import { paymentMode } from '@/lib/infra/payments';
import { lockOrder, reservedItemIds, type LockedOrder, type LockedRefund } from './records';
import { REFUND_SETTLE_JOB, SETTLE_JOB_DELAY_MS, settleRefund } from './settlement';

type Tx = Prisma.TransactionClient;

export type RefundRequest = {
  actor: string;
  sessionId: string;
  /** Omitted: every item not yet refunded. */
  productIds?: string[];
  /**
   * The client's key for this request: the same key on the same order always
   * answers with the same refund. Omitted (API clients that send none, callers
   * inside the shop): a fresh key, so a repeat is a new request (refused for
   * items already refunded or waiting for Stripe).
   */
  idempotencyKey?: string;
  /** Membership payments only; by default the membership ends now. */
  membershipEnd?: MembershipEnd;
};

type Plan = { itemIds: string[]; amountCents: number; membershipEnd: MembershipEnd | null };

const conflict = (message: string, fields?: Record<string, string[]>) => new AppError('conflict', message, fields);

/** The order items the request names (every remaining one when none are named), or the 400/409 saying why not. */
function chooseItems(order: LockedOrder, productIds: string[] | undefined) {
  const reserved = reservedItemIds(order);
  if (!productIds) {
    const left = order.items.filter((i) => !i.refundedAt && !reserved.has(i.id));
    if (left.length === 0) throw conflict('Every item of this order has already been refunded');
    return left;
  }
  const wanted = [...new Set(productIds)];
  const unknown = wanted.filter((id) => !order.items.some((i) => i.productId === id));
  if (unknown.length) throw invalid('Some of these products are not in this order', { product_ids: unknown });
  const chosen = order.items.filter((i) => wanted.includes(i.productId));
  const again = chosen.filter((i) => i.refundedAt);
  const titles = (items: typeof chosen) => items.map((i) => `"${i.title}"`).join(', ');
  if (again.length) throw conflict(`Already refunded: ${titles(again)}`, { product_ids: again.map((i) => i.productId) });
  const waiting = chosen.filter((i) => reserved.has(i.id));
  if (waiting.length) throw conflict(`A refund of ${titles(waiting)} is already waiting for Stripe`, { product_ids: waiting.map((i) => i.productId) });
  return chosen;
}

function planRefund(order: LockedOrder, request: RefundRequest): Plan {
  if (!order.fulfilledAt) throw conflict('Only a paid order can be refunded');
  if (order.kind !== 'subscription') {
    if (request.membershipEnd) throw invalid('Only a membership payment ends a membership', { membership_end: ['Only for membership payments'] });
    const items = chooseItems(order, request.productIds);
    const amountCents = items.reduce((sum, i) => sum + (order.shares.get(i.id)?.cashCents ?? 0), 0);
    return { itemIds: items.map((i) => i.id), amountCents, membershipEnd: null };
  }
  if (request.productIds) throw invalid('A membership payment has no items to choose: it is refunded whole', { product_ids: ['Not for membership payments'] });
  // Any refund or dispute of the payment already gave (or holds) its money.
  if (order.refunds.some((r) => !(r.source === 'dispute' && r.disputeOutcome === 'won')))
    throw conflict('This membership payment has already been refunded or disputed');
  return { itemIds: [], amountCents: order.amountCents, membershipEnd: request.membershipEnd ?? 'now' };
}

/** A retry must ask for what the key asked for the first time; anything else is a client mistake worth a 409. */
function assertSameRequest(order: LockedOrder, refund: LockedRefund, request: RefundRequest): void {
  const productIds = (ids: string[]) => order.items.filter((i) => ids.includes(i.id)).map((i) => i.productId);
  const sameItems = !request.productIds || [...new Set(request.productIds)].sort().join() === productIds(refund.itemIds).sort().join();
  const sameEnd = !request.membershipEnd || request.membershipEnd === refund.membershipEnd;
  if (!sameItems || !sameEnd) throw conflict('This idempotency key was already used for a different refund of this order');
}

const needsStripe = (order: LockedOrder, amountCents: number) =>
  paymentMode() === 'stripe' && (order.kind === 'payment' || order.kind === 'subscription') && amountCents > 0;

/** Returns the refund (new or found by its key) and whether this request created it. */
export async function openRefund(tx: Tx, orderId: string, request: RefundRequest): Promise<{ refundId: string; created: boolean }> {
  const order = await lockOrder(tx, orderId);
  const idempotencyKey = request.idempotencyKey ?? randomBytes(18).toString('base64url');
  const same = order.refunds.find((r) => r.idempotencyKey === idempotencyKey);
  if (same) {
    assertSameRequest(order, same, request);
    return { refundId: same.id, created: false };
  }
  const plan = planRefund(order, request);
  const refund = await tx.refund.create({
    data: {
      id: `rf_${randomBytes(18).toString('base64url')}`,
      orderId: order.id,
      source: 'admin',
      status: 'pending',
      amountCents: plan.amountCents,
      itemIds: plan.itemIds,
      membershipEnd: plan.membershipEnd,
      idempotencyKey,
      actor: request.actor,
    },
  });
  if (needsStripe(order, plan.amountCents)) {
    // Whatever becomes of this request, the job asks Stripe again later and settles or drops the refund.
    await enqueue(tx, REFUND_SETTLE_JOB, { refundId: refund.id }, { key: refund.id, runAt: new Date(Date.now() + SETTLE_JOB_DELAY_MS) });
  } else {
    await settleRefund(tx, order, { ...refund, voucherReturnedCents: 0, stripeDisputeId: null, disputeOutcome: null }, null);
  }
  return { refundId: refund.id, created: true };
}
