// What one order line of the orders export says about its money (docs/product.md
// §3): the price, its share of the order's discount, what was paid for it, the
// GST in that and what came back to the buyer. Pure: the export reads the rows.
import { itemShares, apportionCents } from '@/lib/domain/refunds';
import { gstIncludedCents } from '@/lib/domain/invoices';

export type LineItem = { id: string; priceCents: number; refundedAt: Date | null; refundSource: string | null };
export type LineRefund = { amountCents: number; itemIds: string[]; counts: boolean };
export type LineMoney = { priceCents: number; discountCents: number; paidCents: number; gstCents: number; refundedCents: number };

/**
 * Each line's money. The order's total is split over its lines by price, as
 * refunds split it (Decision 067), so a line's paid + discount is its price and
 * the lines add up to the order. A refund's money is split over the lines it
 * ended by what they paid; one that ended no line is split over every line.
 */
export function lineMoney(amountCents: number, items: LineItem[], refunds: LineRefund[], gstRegistered: boolean): Map<string, LineMoney> {
  const shares = itemShares(amountCents, items);
  const refunded = new Map(items.map((i) => [i.id, 0]));
  for (const refund of refunds) {
    if (!refund.counts) continue;
    const ended = items.filter((i) => refund.itemIds.includes(i.id));
    const over = ended.length > 0 ? ended : items;
    const parts = apportionCents(
      refund.amountCents,
      over.map((i) => shares.get(i.id)?.cashCents ?? 0),
    );
    over.forEach((item, n) => refunded.set(item.id, (refunded.get(item.id) ?? 0) + parts[n]));
  }
  return new Map(
    items.map((item) => {
      const share = shares.get(item.id) ?? { cashCents: 0, discountCents: 0 };
      return [
        item.id,
        {
          priceCents: item.priceCents,
          discountCents: share.discountCents,
          paidCents: share.cashCents,
          gstCents: gstRegistered ? gstIncludedCents(share.cashCents) : 0,
          refundedCents: refunded.get(item.id) ?? 0,
        },
      ];
    }),
  );
}

/** A line's state: the order's until paid; then refunded or disputed when its access ended, partly refunded when money came back for it. */
export function lineStatus(order: { fulfilledAt: Date | null; status: string }, item: LineItem, refundedCents: number): string {
  if (!order.fulfilledAt) return order.status;
  if (item.refundedAt) return item.refundSource === 'dispute' ? 'disputed' : 'refunded';
  return refundedCents > 0 ? 'partly_refunded' : 'paid';
}
