// Insights: the owner's sales figures (Decision 083). Always holds: every
// figure equals what the orders and refunds say, because it is written in the
// same transaction as the payment or refund it counts (exactly once, by its
// SalesFigureEntry) and computed by the same statements as a full rebuild.
export { recordRefundFigures, recordSaleFigures } from './record';
export { recordMembershipState, type MembershipState } from './members';
export { getInsights, type BasQuarter, type Insights, type MembershipMonth, type PeriodSales } from './read';
export { FIGURE_TABLES, rebuildSalesFigures } from './rebuild';
export { TOP_LIMIT, type TopCode, type TopItem } from './top';
export { coPurchasePairs, countOrderInsights, MAX_COUNTED_LINES, ORDER_INSIGHTS_JOB } from './order-insights';
