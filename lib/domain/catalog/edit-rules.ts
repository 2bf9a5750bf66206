// The rules a product's price and sale must keep after any edit: the edit
// dialog's PUT and the CSV import check the same ones, each naming the field
// at fault (the import reports it as the row's column). Pure.

export type PriceState = { priceCents: number; salePriceCents: number | null; onSale: boolean; saleStart: Date | null; saleEnd: Date | null };
export type PriceRuleProblem = { field: 'price' | 'sale_price' | 'on_sale' | 'sale_end'; message: string };

export function priceRuleProblem(next: PriceState, now: number = Date.now()): PriceRuleProblem | null {
  if (next.priceCents < 0) return { field: 'price', message: 'Price must be 0 or more' };
  // A sale that has ended is history: it never stands in the way of a new price.
  const saleEnded = next.saleEnd !== null && next.saleEnd.getTime() <= now;
  if (next.salePriceCents !== null && !saleEnded && (next.salePriceCents < 0 || next.salePriceCents >= next.priceCents)) {
    return { field: 'sale_price', message: 'Sale price must be below the regular price' };
  }
  if (next.onSale && next.salePriceCents === null) return { field: 'on_sale', message: 'Set a sale price to put the item on sale' };
  if (next.saleStart && next.saleEnd && next.saleEnd <= next.saleStart) return { field: 'sale_end', message: 'Sale end must be after its start' };
  return null;
}
