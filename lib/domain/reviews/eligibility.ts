import 'server-only';
import { db } from '@/lib/infra/db';
import { PAID_STATUSES } from './visibility';

export type Eligibility = { eligible: false } | { eligible: true; viaMembership: boolean };

/**
 * Whether the customer may review the item: a paid (or $0 member) order line
 * of exactly this product or bundle, not refunded. A line bought with money
 * outranks a member's $0 one, so "member" shows only when that is all there is.
 */
export async function reviewEligibility(userId: string, productId: string): Promise<Eligibility> {
  const lines = await db().orderItem.findMany({
    where: { productId, refundedAt: null, order: { userId, fulfilledAt: { not: null }, paymentStatus: { in: PAID_STATUSES } } },
    select: { order: { select: { kind: true } } },
  });
  if (lines.length === 0) return { eligible: false };
  return { eligible: true, viaMembership: lines.every((line) => line.order.kind === 'member') };
}
