// Every Insights figure recomputed from the raw orders and refunds in
// TypeScript, with the shop's own rules (itemShares and apportionCents for item
// shares, refundsWithNotes for the refunds that gave money back, the issued
// invoices' seller snapshot for GST, addPeriod for membership cover), none of
// the SQL the figures are kept with. The integration tests compare the two.
import { addDays, buckets, quartersOf, shopDay, type Day, type DayRange, type Interval } from '@/lib/calendar';
import { zonedDayStart } from '@/lib/format';

type Db = typeof import('@/lib/infra/db').db;
type Refunds = typeof import('@/lib/domain/refunds');
type Shares = typeof import('@/lib/domain/refunds/shares');
type Rules = { db: Db; itemShares: Shares['itemShares']; apportionCents: Refunds['apportionCents']; refundsWithNotes: Refunds['refundsWithNotes'] };

const gstOf = (cents: number) => Math.round(cents / 11);

type Item = { productId: string; isBundle: boolean; units: number; cents: number };

export type RawFigures = Awaited<ReturnType<typeof loadRaw>>;

/** Every paid order (with items, invoice) and every refund that ended items or gave money back. */
export async function loadRaw(rules: Rules) {
  const orders = await rules.db().order.findMany({
    where: { fulfilledAt: { not: null }, paymentStatus: { in: ['paid', 'no_payment_required'] } },
    select: {
      id: true,
      kind: true,
      amountCents: true,
      discountCents: true,
      voucherId: true,
      discountCodeId: true,
      customerEmail: true,
      userId: true,
      planInterval: true,
      fulfilledAt: true,
      invoice: { select: { seller: true } },
      items: { select: { id: true, productId: true, isBundle: true, priceCents: true, refundId: true } },
    },
  });
  const settled = await rules.db().refund.findMany({
    where: { status: 'succeeded', OR: [{ source: { in: ['admin', 'stripe_refund'] } }, { source: 'dispute', disputeOutcome: 'lost' }] },
    select: { id: true, orderId: true, source: true, amountCents: true, membershipEnd: true, createdAt: true, settledAt: true, resolvedAt: true },
  });
  const withNotes = new Set((await rules.db().refund.findMany({ where: rules.refundsWithNotes, select: { id: true } })).map((r) => r.id));
  const registered = (order: (typeof orders)[number]) => {
    if (!order.invoice) throw new Error(`order ${order.id} has no invoice: issue every invoice before recomputing`);
    return (order.invoice.seller as { gstRegistered?: boolean }).gstRegistered === true;
  };
  const byId = new Map(orders.map((o) => [o.id, o]));
  const refunds = settled.map((r) => {
    const order = byId.get(r.orderId)!;
    return {
      ...r,
      order,
      day: shopDay(r.source === 'dispute' ? (r.resolvedAt ?? r.createdAt) : (r.settledAt ?? r.createdAt)),
      gaveMoney: withNotes.has(r.id),
      registered: registered(order),
    };
  });
  const sales = orders.map((o) => ({ ...o, day: shopDay(o.fulfilledAt!), registered: registered(o) }));
  return { sales, refunds };
}

const within = (day: Day, { from, to }: DayRange) => day >= from && day <= to;

function itemFigures(rules: Rules, raw: RawFigures, range: DayRange): Map<string, Item> {
  const items = new Map<string, Item>();
  const add = (productId: string, isBundle: boolean, units: number, cents: number) => {
    const item = items.get(productId) ?? { productId, isBundle, units: 0, cents: 0 };
    item.units += units;
    item.cents += cents;
    items.set(productId, item);
  };
  for (const sale of raw.sales.filter((s) => within(s.day, range))) {
    const shares = rules.itemShares(sale.amountCents, sale.items);
    for (const item of sale.items) add(item.productId, item.isBundle, 1, shares.get(item.id)!.cashCents);
  }
  for (const refund of raw.refunds.filter((r) => within(r.day, range))) {
    const shares = rules.itemShares(refund.order.amountCents, refund.order.items);
    const ended = refund.order.items.filter((i) => i.refundId === refund.id).sort((a, b) => (a.id < b.id ? -1 : 1));
    const weights = ended.map((i) => shares.get(i.id)!.cashCents);
    const total = Math.min(
      refund.amountCents,
      weights.reduce((a, b) => a + b, 0),
    );
    const parts = rules.apportionCents(total, weights);
    ended.forEach((item, n) => add(item.productId, item.isBundle, -1, -parts[n]));
  }
  return items;
}

const rank = (items: Item[], by: 'cents' | 'units') =>
  items
    .filter((i) => i[by] > 0)
    .sort((a, b) => (by === 'cents' ? b.cents - a.cents || b.units - a.units : b.units - a.units || b.cents - a.cents) || (a.productId < b.productId ? -1 : 1))
    .slice(0, 10)
    .map((i) => ({ productId: i.productId, units: i.units, netCents: i.cents }));

function money(raw: RawFigures, range: DayRange) {
  const sales = raw.sales.filter((s) => within(s.day, range));
  const refunds = raw.refunds.filter((r) => within(r.day, range));
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const products = sales.filter((s) => s.kind !== 'subscription');
  const memberships = sales.filter((s) => s.kind === 'subscription');
  const gross = sum(sales, (s) => s.amountCents);
  const refunded = sum(refunds, (r) => r.amountCents);
  return {
    gross,
    refunded,
    products,
    memberships,
    membershipRefunds: sum(
      refunds.filter((r) => r.order.kind === 'subscription'),
      (r) => r.amountCents,
    ),
    refundCount: refunds.filter((r) => r.gaveMoney).length,
    g1:
      sum(
        sales.filter((s) => s.registered),
        (s) => s.amountCents,
      ) -
      sum(
        refunds.filter((r) => r.registered),
        (r) => r.amountCents,
      ),
    gst:
      sum(
        sales.filter((s) => s.registered),
        (s) => gstOf(s.amountCents),
      ) -
      sum(
        refunds.filter((r) => r.registered),
        (r) => gstOf(r.amountCents),
      ),
  };
}

function customers(raw: RawFigures, range: DayRange) {
  const days = new Map<string, Day[]>();
  for (const sale of raw.sales) {
    if (!sale.customerEmail) continue;
    const key = sale.customerEmail.toLowerCase();
    days.set(key, [...(days.get(key) ?? []), sale.day]);
  }
  let fresh = 0;
  let returning = 0;
  for (const list of days.values()) {
    const first = list.reduce((a, b) => (a < b ? a : b));
    if (!list.some((d) => within(d, range))) continue;
    if (first >= range.from) fresh += 1;
    else returning += 1;
  }
  return { newCustomers: fresh, returningCustomers: returning };
}

function activeMembers(raw: RawFigures, at: Date, addPeriod: (from: Date, interval: 'month' | 'year') => Date) {
  // A refund chosen to end the membership at its period's end leaves that period's cover (Decision 075).
  const refunded = new Set(raw.refunds.filter((r) => r.gaveMoney && r.membershipEnd !== 'period_end').map((r) => r.orderId));
  const yearAgo = new Date(at);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  const members = raw.sales.filter(
    (s) =>
      s.kind === 'subscription' &&
      !refunded.has(s.id) &&
      s.fulfilledAt! <= at &&
      s.fulfilledAt! > yearAgo &&
      addPeriod(s.fulfilledAt!, s.planInterval ?? 'month') > at,
  );
  return new Set(members.map((m) => m.userId)).size;
}

/** The figures getInsights should give, in cents, for the range. */
export function expectedInsights(
  rules: Rules & { addPeriod: (from: Date, interval: 'month' | 'year') => Date },
  raw: RawFigures,
  range: DayRange,
  interval: Interval,
  now: Date,
) {
  const m = money(raw, range);
  const charged = m.products.filter((s) => s.amountCents > 0);
  const productSales = m.products.reduce((t, s) => t + s.amountCents, 0);
  const items = [...itemFigures(rules, raw, range).values()];
  // A voucher counts on product orders; a discount code on any paid order, a membership's first period too.
  const codes = new Map<string, { codeId: string; kind: string; uses: number; discountCents: number }>();
  const used = [
    ...m.products.filter((s) => s.voucherId).map((s) => ({ codeId: s.voucherId!, kind: 'voucher', discountCents: s.discountCents })),
    ...[...m.products, ...m.memberships]
      .filter((s) => s.discountCodeId)
      .map((s) => ({ codeId: s.discountCodeId!, kind: 'discount_code', discountCents: s.discountCents })),
  ];
  for (const use of used) {
    const code = codes.get(use.codeId) ?? { codeId: use.codeId, kind: use.kind, uses: 0, discountCents: 0 };
    code.uses += 1;
    code.discountCents += use.discountCents;
    codes.set(use.codeId, code);
  }
  const end = zonedDayStart(addDays(range.to, 1));
  const membersAt = end < now ? new Date(end.getTime() - 1) : now;
  return {
    totals: {
      grossSalesCents: m.gross,
      productSalesCents: productSales,
      membershipSalesCents: m.memberships.reduce((t, s) => t + s.amountCents, 0),
      refundCents: m.refunded,
      refunds: m.refundCount,
      netSalesCents: m.gross - m.refunded,
      gstCents: m.gst,
      orders: m.products.length,
      chargedOrders: charged.length,
      averageOrderValueCents: charged.length ? Math.round(productSales / charged.length) : 0,
      membershipPayments: m.memberships.length,
      ...customers(raw, range),
      activeMembers: activeMembers(raw, membersAt, rules.addPeriod),
    },
    series: buckets(range, interval).map((period) => {
      const p = money(raw, period);
      return { ...period, grossSalesCents: p.gross, refundCents: p.refunded, netSalesCents: p.gross - p.refunded, orders: p.products.length };
    }),
    membershipMonths: buckets(range, 'month').map((month) => {
      const p = money(raw, month);
      const gross = p.memberships.reduce((t, s) => t + s.amountCents, 0);
      return { ...month, payments: p.memberships.length, grossCents: gross, refundCents: p.membershipRefunds, netCents: gross - p.membershipRefunds };
    }),
    bas: quartersOf(range).map((quarter) => {
      const q = money(raw, quarter);
      return { from: quarter.from, to: quarter.to, g1Cents: q.g1, gstCents: q.gst };
    }),
    top: {
      products: {
        byRevenue: rank(
          items.filter((i) => !i.isBundle),
          'cents',
        ),
        byUnits: rank(
          items.filter((i) => !i.isBundle),
          'units',
        ),
      },
      bundles: {
        byRevenue: rank(
          items.filter((i) => i.isBundle),
          'cents',
        ),
        byUnits: rank(
          items.filter((i) => i.isBundle),
          'units',
        ),
      },
    },
    codes: [...codes.values()].sort((a, b) => b.uses - a.uses || b.discountCents - a.discountCents || (a.codeId < b.codeId ? -1 : 1)).slice(0, 10),
  };
}
