// Writing a refund, whoever makes it (the back office, Stripe's dashboard, a
// card dispute): inside the caller's transaction, with the order row locked
// so a webhook and an admin refund of the same order take turns. When the
// money has gone back, the refund's chosen items end (and no others), a gift
// card gets its share back, the adjustment note is numbered and one email is
// queued per refund.
import 'server-only';
import { issueAdjustmentNoteIn } from '@/lib/domain/business';
import { recordRefundFigures } from '@/lib/domain/insights';
import { returnDrawnBalance } from '@/lib/domain/vouchers';
import { enqueue } from '@/lib/domain/jobs';
import type { DisputeOutcome, MembershipEnd, Prisma, RefundSource, RefundStatus } from '@/lib/infra/db';
import { itemShares, type ItemShare } from './shares';

export const REFUND_EMAIL_JOB = 'refund-email';

type Tx = Prisma.TransactionClient;

export type LockedRefund = {
  id: string;
  amountCents: number;
  voucherReturnedCents: number;
  source: RefundSource;
  status: RefundStatus;
  stripeRefundId: string | null;
  stripeDisputeId: string | null;
  disputeOutcome: DisputeOutcome | null;
  idempotencyKey: string | null;
  membershipEnd: MembershipEnd | null;
  actor: string;
  /** The items chosen (a pending refund's are not ended yet). */
  itemIds: string[];
};

export type LockedOrder = {
  id: string;
  sessionId: string;
  kind: string;
  userId: string | null;
  amountCents: number;
  fulfilledAt: Date | null;
  paymentIntentId: string | null;
  items: { id: string; productId: string; title: string; priceCents: number; refundedAt: Date | null; refundId: string | null }[];
  refunds: LockedRefund[];
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
      userId: true,
      amountCents: true,
      fulfilledAt: true,
      paymentIntentId: true,
      items: { select: { id: true, productId: true, title: true, priceCents: true, refundedAt: true, refundId: true } },
      refunds: {
        orderBy: { createdAt: 'asc' },
        select: {
          id: true,
          amountCents: true,
          voucherReturnedCents: true,
          source: true,
          status: true,
          stripeRefundId: true,
          stripeDisputeId: true,
          disputeOutcome: true,
          idempotencyKey: true,
          membershipEnd: true,
          actor: true,
          itemIds: true,
        },
      },
    },
  });
  return { ...order, shares: itemShares(order.amountCents, order.items) };
}

/** Items another refund is still waiting on Stripe for: no second refund may take them meanwhile. */
export const reservedItemIds = (order: LockedOrder) => new Set(order.refunds.filter((r) => r.status === 'pending').flatMap((r) => r.itemIds));

/** Money that has gone back through refunds (not disputes), as Stripe's amount_refunded counts it. */
export const refundedCents = (order: LockedOrder) =>
  order.refunds.filter((r) => r.source !== 'dispute' && r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);

export type RefundInput = {
  source: RefundSource;
  amountCents: number;
  itemIds: string[];
  stripeRefundId?: string | null;
  stripeDisputeId?: string | null;
  actor: string;
  /** No email of its own: a dispute learned only from its close, whose outcome email says it all. */
  quiet?: boolean;
};

/** Records money that has already left (a refund made elsewhere, a dispute) and ends its items. */
export async function recordRefund(tx: Tx, order: LockedOrder, input: RefundInput) {
  const now = new Date();
  const refund = await tx.refund.create({
    data: {
      orderId: order.id,
      source: input.source,
      status: 'succeeded',
      amountCents: input.amountCents,
      itemIds: input.itemIds,
      stripeRefundId: input.stripeRefundId ?? null,
      stripeDisputeId: input.stripeDisputeId ?? null,
      actor: input.actor,
      createdAt: now,
      settledAt: now,
    },
  });
  const voucherReturnedCents = await applyRefund(tx, order, { ...refund, quiet: input.quiet });
  // An open dispute counts nothing yet (disputes.ts counts a lost one when it closes).
  await recordRefundFigures(tx, refund.id);
  if (input.source !== 'dispute') await issueNoteIn(tx, order, refund);
  return { ...refund, voucherReturnedCents };
}

/**
 * What every refund does once its money has gone back: its chosen items end
 * (taking them over from an open dispute, so that winning it later cannot give
 * them back), a gift card gets their share and the customer is emailed once.
 * A dispute only suspends: its gift-card share waits for it to be lost.
 */
export async function applyRefund(
  tx: Tx,
  order: LockedOrder,
  refund: { id: string; source: RefundSource; amountCents: number; itemIds: string[]; settledAt: Date | null; quiet?: boolean },
): Promise<number> {
  if (refund.itemIds.length > 0) {
    await tx.orderItem.updateMany({
      where: { id: { in: refund.itemIds }, orderId: order.id },
      data: { refundedAt: refund.settledAt ?? new Date(), refundId: refund.id },
    });
  }
  const dispute = refund.source === 'dispute';
  const voucherReturnedCents = dispute ? 0 : await returnVoucherShare(tx, order, refund.id, refund.itemIds);
  // Keyed by the refund: the customer hears of each refund once, however often its job runs.
  if (!refund.quiet) await enqueue(tx, REFUND_EMAIL_JOB, { refundId: refund.id }, { key: refund.id });
  return voucherReturnedCents;
}

/**
 * Card money given back gets its adjustment note in the same transaction
 * (Decision 071, 075). Called last: the number's lock lasts until commit.
 */
export async function issueNoteIn(tx: Tx, order: LockedOrder, refund: { id: string; amountCents: number }): Promise<void> {
  if (order.fulfilledAt && refund.amountCents > 0) await issueAdjustmentNoteIn(tx, refund.id, { id: order.id, paidAt: order.fulfilledAt });
}

/** Gives a gift card back the items' share of the discount it paid, noted on the refund. */
export async function returnVoucherShare(tx: Tx, order: LockedOrder, refundId: string, itemIds: string[]): Promise<number> {
  const discountShare = itemIds.reduce((sum, id) => sum + (order.shares.get(id)?.discountCents ?? 0), 0);
  const voucherReturnedCents = await returnDrawnBalance(tx, order.id, discountShare);
  if (voucherReturnedCents > 0) await tx.refund.update({ where: { id: refundId }, data: { voucherReturnedCents } });
  return voucherReturnedCents;
}
