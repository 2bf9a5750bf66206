import { z } from 'zod';
import { dayCount, INTERVALS, isDay } from '@/lib/calendar';
import { INSIGHTS_MAX_DAYS } from '@/lib/shop';

// GET /api/admin/insights (docs/product.md §7, Decision 083): the figures of a
// range of the shop's days (Australia/Sydney), both ends included. Money in
// dollars, GST inclusive; net figures and BAS lines can be negative when a
// period's refunds outweigh its sales.

export { INSIGHTS_MAX_DAYS };

const day = (name: string) => z.string().refine(isDay, `${name} must be a date written YYYY-MM-DD`);

export const insightsQuerySchema = z
  .object({
    from: day('from'),
    to: day('to'),
    interval: z.enum(INTERVALS, { message: "interval must be 'day', 'week' or 'month'" }).default('day'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => q.from > q.to || dayCount(q) <= INSIGHTS_MAX_DAYS, { message: `A range holds at most ${INSIGHTS_MAX_DAYS} days`, path: ['to'] });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const money = z.number();
const count = z.number().int().min(0);
const isoDay = z.iso.date();

const topItem = z.object({ product_id: z.string(), title: z.string(), is_bundle: z.boolean(), units: z.number().int(), net_revenue: money });
const rankings = z.object({ by_revenue: z.array(topItem), by_units: z.array(topItem) });

export const insightsResponse = z.object({
  from: isoDay,
  to: isoDay,
  interval: z.enum(INTERVALS),
  time_zone: z.string(),
  totals: z.object({
    gross_sales: money,
    product_sales: money,
    membership_sales: money,
    refunds: money,
    refund_count: count,
    net_sales: money,
    gst_collected: money,
    orders: count,
    charged_orders: count,
    average_order_value: money,
    membership_payments: count,
    new_customers: count,
    returning_customers: count,
    active_members: count,
    members_cancelled: count,
  }),
  /** Net sales per day, week (Monday first) or month; the first and last periods keep only the range's days. */
  series: z.array(z.object({ from: isoDay, to: isoDay, gross_sales: money, refunds: money, net_sales: money, orders: count })),
  membership_revenue: z.array(z.object({ month: z.string(), from: isoDay, to: isoDay, payments: count, gross: money, refunds: money, net: money })),
  /** Every calendar quarter the range touches, whole: G1 total sales and 1A GST on sales, less the quarter's refunds. */
  bas: z.array(z.object({ quarter: z.string(), from: isoDay, to: isoDay, g1: money, '1a': money })),
  top_products: rankings,
  top_bundles: rankings,
  /** Gift vouchers and discount codes in one ranking; `usage_type` is a voucher's ('' for a discount code). */
  top_codes: z.array(
    z.object({
      code_id: z.string(),
      kind: z.enum(['voucher', 'discount_code']),
      code: z.string(),
      type: z.string(),
      usage_type: z.string(),
      uses: count,
      discount: money,
    }),
  ),
});
export type InsightsResponse = z.infer<typeof insightsResponse>;
export type InsightsTopItem = z.infer<typeof topItem>;
