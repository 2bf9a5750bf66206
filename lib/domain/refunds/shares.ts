// How much of an order each item was paid with: the order's total after
// discounts split over its items by price, in whole cents, by largest
// remainder so the shares add up to the total exactly (Decision 067). The
// rest of each item's price is its share of the discount. Pure.

export type ShareItem = { id: string; priceCents: number };
export type ItemShare = { cashCents: number; discountCents: number };

/** `totalCents` split in proportion to `weights`; ties in the remainder go to the earlier weight. */
export function apportionCents(totalCents: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  // Nothing to weigh by (free items): an even split, still exact.
  if (sum <= 0)
    return apportionCents(
      totalCents,
      weights.map(() => 1),
    );
  const exact = weights.map((w) => (totalCents * w) / sum);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** Per item id: the cents of `amountCents` (the order's total) it carries, and its share of the discount. */
export function itemShares(amountCents: number, items: ShareItem[]): Map<string, ItemShare> {
  // Sorted by id so the same order always splits the same way, whichever refund asks.
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const cash = apportionCents(
    amountCents,
    sorted.map((i) => i.priceCents),
  );
  return new Map(sorted.map((item, n) => [item.id, { cashCents: cash[n], discountCents: Math.max(0, item.priceCents - cash[n]) }]));
}
