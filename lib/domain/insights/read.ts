// The Insights figures of a range of shop days, from the daily figures (a
// year is 365 rows), the rankings (top.ts), the customers' visits
// (customers.ts) and the membership payments (members.ts), read in parallel.
import 'server-only';
import { addDays, buckets, quarterLabel, quartersOf, type Day, type DayRange, type Interval } from '@/lib/calendar';
import { zonedDayStart } from '@/lib/format';
import { db } from '@/lib/infra/db';
import { countCustomers } from './customers';
import { countActiveMembers, countCancellations } from './members';
import { topCodes, topItems, type TopCode, type TopItems } from './top';

type DayFigures = {
  productOrders: number;
  chargedOrders: number;
  productSalesCents: number;
  membershipPayments: number;
  membershipSalesCents: number;
  refunds: number;
  productRefundCents: number;
  membershipRefundCents: number;
  taxableSalesCents: number;
  gstCents: number;
  taxableRefundCents: number;
  gstRefundCents: number;
};

export type PeriodSales = { from: Day; to: Day; grossSalesCents: number; refundCents: number; netSalesCents: number; orders: number };
export type MembershipMonth = { from: Day; to: Day; payments: number; grossCents: number; refundCents: number; netCents: number };
/** A BAS quarter: G1 total sales and 1A GST on sales, less the refunds of the quarter (adjustment notes). */
export type BasQuarter = { from: Day; to: Day; label: string; g1Cents: number; gstCents: number };

export type Insights = {
  range: DayRange;
  interval: Interval;
  totals: {
    grossSalesCents: number;
    productSalesCents: number;
    membershipSalesCents: number;
    refundCents: number;
    refunds: number;
    netSalesCents: number;
    gstCents: number;
    orders: number;
    chargedOrders: number;
    averageOrderValueCents: number;
    membershipPayments: number;
    newCustomers: number;
    returningCustomers: number;
    activeMembers: number;
    membersCancelled: number;
  };
  series: PeriodSales[];
  membershipMonths: MembershipMonth[];
  bas: BasQuarter[];
  top: TopItems;
  codes: TopCode[];
};

const asDay = (date: Date): Day => date.toISOString().slice(0, 10);
const asDate = (day: Day) => new Date(`${day}T00:00:00Z`);

async function dailyFigures(range: DayRange): Promise<Map<Day, DayFigures>> {
  const rows = await db().salesDay.findMany({ where: { day: { gte: asDate(range.from), lte: asDate(range.to) } } });
  return new Map(rows.map(({ day, ...figures }) => [asDay(day), figures]));
}

/** The figures of the days from..to added up. */
function sumDays(days: Map<Day, DayFigures>, { from, to }: DayRange): DayFigures {
  const total: DayFigures = {
    productOrders: 0,
    chargedOrders: 0,
    productSalesCents: 0,
    membershipPayments: 0,
    membershipSalesCents: 0,
    refunds: 0,
    productRefundCents: 0,
    membershipRefundCents: 0,
    taxableSalesCents: 0,
    gstCents: 0,
    taxableRefundCents: 0,
    gstRefundCents: 0,
  };
  for (const [day, figures] of days) {
    if (day < from || day > to) continue;
    for (const key of Object.keys(total) as (keyof DayFigures)[]) total[key] += figures[key];
  }
  return total;
}

const grossOf = (f: DayFigures) => f.productSalesCents + f.membershipSalesCents;
const refundsOf = (f: DayFigures) => f.productRefundCents + f.membershipRefundCents;

export async function getInsights(range: DayRange, interval: Interval, now: Date = new Date()): Promise<Insights> {
  const quarters = quartersOf(range);
  const span = { from: quarters[0].from, to: quarters[quarters.length - 1].to };
  const start = zonedDayStart(range.from);
  const endOfRange = zonedDayStart(addDays(range.to, 1));
  // Active members at the end of the range, or now while it has not ended.
  const membersAt = endOfRange < now ? new Date(endOfRange.getTime() - 1) : now;
  const client = db();
  const [days, top, codes, customers, activeMembers, membersCancelled] = await Promise.all([
    dailyFigures(span),
    topItems(client, range),
    topCodes(client, range),
    countCustomers(client, range.from, range.to),
    countActiveMembers(client, membersAt),
    countCancellations(client, start, endOfRange),
  ]);
  const sum = sumDays(days, range);
  return {
    range,
    interval,
    totals: {
      grossSalesCents: grossOf(sum),
      productSalesCents: sum.productSalesCents,
      membershipSalesCents: sum.membershipSalesCents,
      refundCents: refundsOf(sum),
      refunds: sum.refunds,
      netSalesCents: grossOf(sum) - refundsOf(sum),
      gstCents: sum.gstCents - sum.gstRefundCents,
      orders: sum.productOrders,
      chargedOrders: sum.chargedOrders,
      averageOrderValueCents: sum.chargedOrders ? Math.round(sum.productSalesCents / sum.chargedOrders) : 0,
      membershipPayments: sum.membershipPayments,
      ...customers,
      activeMembers,
      membersCancelled,
    },
    series: buckets(range, interval).map((period) => {
      const f = sumDays(days, period);
      return { ...period, grossSalesCents: grossOf(f), refundCents: refundsOf(f), netSalesCents: grossOf(f) - refundsOf(f), orders: f.productOrders };
    }),
    membershipMonths: buckets(range, 'month').map((month) => {
      const f = sumDays(days, month);
      return {
        ...month,
        payments: f.membershipPayments,
        grossCents: f.membershipSalesCents,
        refundCents: f.membershipRefundCents,
        netCents: f.membershipSalesCents - f.membershipRefundCents,
      };
    }),
    bas: quarters.map((quarter) => {
      const f = sumDays(days, quarter);
      return { ...quarter, label: quarterLabel(quarter), g1Cents: f.taxableSalesCents - f.taxableRefundCents, gstCents: f.gstCents - f.gstRefundCents };
    }),
    top,
    codes,
  };
}
