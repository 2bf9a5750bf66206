// Membership plans (SPEC §9): Monthly $35, Yearly $299 (saving $121 on 12 months).
export type PlanInterval = 'month' | 'year';

export const PLANS: Record<PlanInterval, { name: string; amountCents: number }> = {
  month: { name: 'Monthly', amountCents: 3500 },
  year: { name: 'Yearly', amountCents: 29900 },
};

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
