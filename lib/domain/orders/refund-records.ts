// Writing a refund, whoever makes it (the back office, Stripe's dashboard, a
// card dispute): inside the caller's transaction, with the order row locked
// so a webhook and an admin refund of the same order take turns. The items
// end, a gift card gets its share back, and one email is queued per refund.
import 'server-only';
import { recordRefundFigures } from '@/lib/domain/insights';
import { returnDrawnBalance } from '@/lib/domain/vouchers';
import { enqueue } from '@/lib/domain/jobs';
import { AppError } from '@/lib/domain/errors';
import type { DisputeOutcome, Prisma, RefundSource } from '@/lib/infra/db';
import { itemShares, type ItemShare } from './refund-shares';

export const REFUND_EMAIL_JOB = 'refund-email';

type Tx = Prisma.TransactionClient;

export type LockedOrder = {
  id: string;
  sessionId: string;
  kind: string;
  amountCents: number;
  fulfilledAt: Date | null;
  paymentIntentId: string | null;
  items: { id: string; productId: string; title: string; priceCents: number; refundedAt: Date | null }[];
  refunds: {
    id: string;
    amountCents: number;
    source: RefundSource;
    stripeDisputeId: string | null;
    disputeOutcome: DisputeOutcome | null;
    itemIds: string[];
  }[];
  shares: Map<string, ItemShare>;
};

/** The order, read after taking its row lock (held until the transaction ends). */
export async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder> {
  await tx.$queryRaw`SELECT id FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      id: true,
      sessionId: true,
      kind: true,
      amountCents: true,
      fulfilledAt: true,
      paymentIntentId: true,
      items: { select: { id: true, productId: true, title: true, priceCents: true, refundedAt: true } },
      refunds: { select: { id: true, amountCents: true, source: true, stripeDisputeId: true, disputeOutcome: true, items: { select: { id: true } } } },
    },
  });
  return {
    ...order,
    refunds: order.refunds.map(({ items, ...r }) => ({ ...r, itemIds: items.map((i) => i.id) })),
    shares: itemShares(order.amountCents, order.items),
  };
}

export type RefundInput = {
  id?: string;
  source: RefundSource;
  amountCents: number;
  itemIds: string[];
  stripeRefundId?: string | null;
  stripeDisputeId?: string | null;
  actor: string;
  /** No email of its own: a dispute learned only from its close, whose outcome email says it all. */
  quiet?: boolean;
};

/** Records the refund and ends its items; refuses (409) an item another refund ended meanwhile. */
export async function recordRefund(tx: Tx, order: LockedOrder, input: RefundInput) {
  const now = new Date();
  const refund = await tx.refund.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      orderId: order.id,
      source: input.source,
      amountCents: input.amountCents,
      stripeRefundId: input.stripeRefundId ?? null,
      stripeDisputeId: input.stripeDisputeId ?? null,
      actor: input.actor,
      createdAt: now,
    },
  });
  if (input.itemIds.length > 0) {
    const ended = await tx.orderItem.updateMany({
      where: { id: { in: input.itemIds }, orderId: order.id, refundedAt: null },
      data: { refundedAt: now, refundId: refund.id },
    });
    if (ended.count !== input.itemIds.length) throw new AppError('conflict', 'Some of these items have already been refunded');
  }
  // A dispute only suspends: the gift card gets its share back if the dispute is lost (dispute-outcomes.ts).
  const voucherReturnedCents = input.source === 'dispute' ? 0 : await returnVoucherShare(tx, order, refund.id, input.itemIds);
  // Keyed by the refund: the customer hears of each refund once, however often its job runs.
  if (!input.quiet) await enqueue(tx, REFUND_EMAIL_JOB, { refundId: refund.id }, { key: refund.id });
  await recordRefundFigures(tx, refund.id);
  return { ...refund, voucherReturnedCents };
}

/** Gives a gift card back the items' share of the discount it paid, noted on the refund. */
export async function returnVoucherShare(tx: Tx, order: LockedOrder, refundId: string, itemIds: string[]): Promise<number> {
  const discountShare = itemIds.reduce((sum, id) => sum + (order.shares.get(id)?.discountCents ?? 0), 0);
  const voucherReturnedCents = await returnDrawnBalance(tx, order.id, discountShare);
  if (voucherReturnedCents > 0) await tx.refund.update({ where: { id: refundId }, data: { voucherReturnedCents } });
  return voucherReturnedCents;
}
