import type { InsightsResponse } from '@/lib/contract/insights';
import { monthLabel } from '@/lib/calendar';
import { dollarsToCents, formatAud } from '@/lib/format';
import { Card } from '@/components/ui/card';
import { FigureTable } from './figure-table';

/** The BAS lines of each quarter the range touches, and membership revenue per month. */
export function TaxAndMembers({ insights }: { insights: InsightsResponse }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card as="section" aria-label="BAS">
        <FigureTable
          caption="BAS: GST on sales by quarter"
          rows={insights.bas}
          rowKey={(q) => q.from}
          empty="No quarter"
          columns={[
            { label: 'Quarter', cell: (q) => q.quarter },
            { label: 'G1 Total sales', cell: (q) => formatAud(dollarsToCents(q.g1)), numeric: true },
            { label: '1A GST on sales', cell: (q) => formatAud(dollarsToCents(q['1a'])), numeric: true },
          ]}
        />
        <p className="mt-2 text-xs text-gray-600">
          Whole quarters, from the tax invoices and adjustment notes: a refund counts in the quarter it was made. Sales made while not registered for GST are
          left out.
        </p>
      </Card>
      <Card as="section" aria-label="Membership revenue">
        <FigureTable
          caption="Membership revenue per month"
          rows={insights.membership_revenue}
          rowKey={(m) => m.from}
          empty="No month"
          columns={[
            { label: 'Month', cell: (m) => monthLabel(m.from) },
            { label: 'Payments', cell: (m) => m.payments, numeric: true },
            { label: 'Gross', cell: (m) => formatAud(dollarsToCents(m.gross)), numeric: true },
            { label: 'Refunds', cell: (m) => formatAud(dollarsToCents(m.refunds)), numeric: true },
            { label: 'Net', cell: (m) => formatAud(dollarsToCents(m.net)), numeric: true },
          ]}
        />
      </Card>
    </div>
  );
}
