import type { InsightsResponse } from '@/lib/contract/insights';
import { dollarsToCents, formatAud } from '@/lib/format';
import { Card } from '@/components/ui/card';

type Totals = InsightsResponse['totals'];

const FIGURES: { label: string; value: (t: Totals) => string; hint?: string }[] = [
  { label: 'Gross sales', value: (t) => formatAud(dollarsToCents(t.gross_sales)), hint: 'GST inclusive, memberships included' },
  { label: 'Refunds', value: (t) => formatAud(dollarsToCents(t.refunds)), hint: 'on the day the money went back' },
  { label: 'Net sales', value: (t) => formatAud(dollarsToCents(t.net_sales)) },
  { label: 'GST collected', value: (t) => formatAud(dollarsToCents(t.gst_collected)), hint: 'less the GST of refunds' },
  { label: 'Orders', value: (t) => String(t.orders), hint: '$0 member and voucher checkouts included' },
  { label: 'Average order value', value: (t) => formatAud(dollarsToCents(t.average_order_value)), hint: 'orders that took money' },
  { label: 'New customers', value: (t) => String(t.new_customers) },
  { label: 'Returning customers', value: (t) => String(t.returning_customers) },
  { label: 'Active members', value: (t) => String(t.active_members), hint: 'at the end of the range' },
  { label: 'Members who cancelled', value: (t) => String(t.members_cancelled) },
];

export function TotalsGrid({ totals }: { totals: Totals }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      {FIGURES.map((figure) => (
        <Card key={figure.label} className="!p-4">
          <dt className="text-sm font-medium text-gray-700">{figure.label}</dt>
          <dd className="mt-1 text-xl font-bold tabular-nums text-gray-900">{figure.value(totals)}</dd>
          {figure.hint && <dd className="mt-1 text-xs text-gray-600">{figure.hint}</dd>}
        </Card>
      ))}
    </dl>
  );
}
