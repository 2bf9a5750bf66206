import type { InsightsResponse } from '@/lib/contract/insights';
import type { Insights, TopItem } from '@/lib/domain/insights';
import { centsToDollars } from '@/lib/format';
import { SHOP_TIME_ZONE } from '@/lib/shop';

const toItem = (item: TopItem) => ({
  product_id: item.productId,
  title: item.title,
  is_bundle: item.isBundle,
  units: item.units,
  net_revenue: centsToDollars(item.netCents),
});

const toRankings = (rankings: { byRevenue: TopItem[]; byUnits: TopItem[] }) => ({
  by_revenue: rankings.byRevenue.map(toItem),
  by_units: rankings.byUnits.map(toItem),
});

export function toInsightsResponse(insights: Insights): InsightsResponse {
  const { totals: t } = insights;
  return {
    from: insights.range.from,
    to: insights.range.to,
    interval: insights.interval,
    time_zone: SHOP_TIME_ZONE,
    totals: {
      gross_sales: centsToDollars(t.grossSalesCents),
      product_sales: centsToDollars(t.productSalesCents),
      membership_sales: centsToDollars(t.membershipSalesCents),
      refunds: centsToDollars(t.refundCents),
      refund_count: t.refunds,
      net_sales: centsToDollars(t.netSalesCents),
      gst_collected: centsToDollars(t.gstCents),
      orders: t.orders,
      charged_orders: t.chargedOrders,
      average_order_value: centsToDollars(t.averageOrderValueCents),
      membership_payments: t.membershipPayments,
      new_customers: t.newCustomers,
      returning_customers: t.returningCustomers,
      active_members: t.activeMembers,
      members_cancelled: t.membersCancelled,
    },
    series: insights.series.map((p) => ({
      from: p.from,
      to: p.to,
      gross_sales: centsToDollars(p.grossSalesCents),
      refunds: centsToDollars(p.refundCents),
      net_sales: centsToDollars(p.netSalesCents),
      orders: p.orders,
    })),
    membership_revenue: insights.membershipMonths.map((m) => ({
      month: m.from.slice(0, 7),
      from: m.from,
      to: m.to,
      payments: m.payments,
      gross: centsToDollars(m.grossCents),
      refunds: centsToDollars(m.refundCents),
      net: centsToDollars(m.netCents),
    })),
    bas: insights.bas.map((q) => ({ quarter: q.label, from: q.from, to: q.to, g1: centsToDollars(q.g1Cents), '1a': centsToDollars(q.gstCents) })),
    top_products: toRankings(insights.top.products),
    top_bundles: toRankings(insights.top.bundles),
    top_codes: insights.codes.map((c) => ({
      code_id: c.codeId,
      kind: c.kind,
      code: c.code,
      type: c.type,
      usage_type: c.usageType,
      uses: c.uses,
      discount: centsToDollars(c.discountCents),
    })),
  };
}
