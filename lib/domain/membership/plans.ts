// Membership plans (docs/product.md §9): their names and prices live in lib/shop, which the browser may import.
import type { PlanInterval } from '@/lib/shop';

export { PLANS, type PlanInterval } from '@/lib/shop';

/** The end of one billing period started at `from` (calendar month or year, clamped to month end). */
export function addPeriod(from: Date, interval: PlanInterval): Date {
  const end = new Date(from);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
