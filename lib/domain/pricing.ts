import { salePercent } from '@/lib/format';

// Price rules for one catalogue item. Whole cents throughout; a sale counts
// only inside its window, evaluated at the moment asked (`now`).

export type PriceFields = {
  priceCents: number;
  onSale: boolean;
  salePriceCents: number | null;
  saleStart: string | Date | null;
  saleEnd: string | Date | null;
};

const time = (v: string | Date) => (typeof v === 'string' ? Date.parse(v) : v.getTime());

export function isSaleActive(item: PriceFields, now: Date = new Date()): boolean {
  if (!item.onSale || item.salePriceCents === null) return false;
  if (item.salePriceCents < 0 || item.salePriceCents >= item.priceCents) return false;
  const t = now.getTime();
  if (item.saleStart && time(item.saleStart) > t) return false;
  if (item.saleEnd && time(item.saleEnd) <= t) return false;
  return true;
}

/** What a shopper pays for the item right now: the sale price inside an active sale, else the price. */
export function effectivePriceCents(item: PriceFields, now: Date = new Date()): number {
  return isSaleActive(item, now) ? (item.salePriceCents as number) : item.priceCents;
}

export type PriceDisplay = {
  priceCents: number;
  regularPriceCents: number;
  onSale: boolean;
  salePercent: number;
};

export function priceDisplay(item: PriceFields, now: Date = new Date()): PriceDisplay {
  const onSale = isSaleActive(item, now);
  const priceCents = onSale ? (item.salePriceCents as number) : item.priceCents;
  return { priceCents, regularPriceCents: item.priceCents, onSale, salePercent: onSale ? salePercent(item.priceCents, priceCents) : 0 };
}

/** The moment the displayed price of any of these items next changes (sale start or end), if any. */
export function nextPriceChange(items: PriceFields[], now: Date = new Date()): Date | null {
  const t = now.getTime();
  let next = Infinity;
  for (const item of items) {
    if (!item.onSale) continue;
    for (const edge of [item.saleStart, item.saleEnd]) {
      if (edge && time(edge) > t) next = Math.min(next, time(edge));
    }
  }
  return Number.isFinite(next) ? new Date(next) : null;
}
