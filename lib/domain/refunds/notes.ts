// Which refunds carry an adjustment note (Decision 071): those that gave card
// money back. An open dispute has not (yet), a won one never did, and a gift
// card's returned balance was a discount on the invoice, not part of its
// taxable total.
import type { Prisma } from '@/lib/infra/db';

export const refundsWithNotes = {
  // A pending refund has given nothing back yet.
  status: 'succeeded',
  amountCents: { gt: 0 },
  OR: [{ source: { in: ['admin', 'stripe_refund'] } }, { source: 'dispute', disputeOutcome: 'lost' }],
} satisfies Prisma.RefundWhereInput;

/** When the money went back: a refund when Stripe made it, a lost dispute when it closed. The note's date. */
export const moneyReturnedAt = (refund: { source: string; createdAt: Date; settledAt: Date | null; resolvedAt: Date | null }) =>
  refund.source === 'dispute' ? (refund.resolvedAt ?? refund.createdAt) : (refund.settledAt ?? refund.createdAt);
