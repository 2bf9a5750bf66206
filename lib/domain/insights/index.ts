export { coPurchasePairs, countOrderInsights, MAX_COUNTED_LINES, ORDER_INSIGHTS_JOB } from './order-insights';
