'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { InsightsResponse } from '@/lib/contract/insights';
import { dollarsToCents, formatAud } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FigureTable } from './figure-table';

type Period = InsightsResponse['series'][number];

// Chartist loads only when this section first renders: never in a shop page, and not before Insights opens.
const SalesChart = dynamic(() => import('./sales-chart'), {
  ssr: false,
  loading: () => <div className="h-[260px] animate-pulse rounded-lg bg-gray-100" />,
});

const INTERVAL_NAMES: Record<string, string> = { day: 'day', week: 'week', month: 'month' };

const periodName = (p: Period) => (p.from === p.to ? p.from : `${p.from} to ${p.to}`);

/** Net sales per period: the chart for the eye, the same figures as a table for screen readers. */
export function SalesSection({ insights }: { insights: InsightsResponse }) {
  const per = INTERVAL_NAMES[insights.interval];
  // The table is always there for screen readers; a sighted owner may show it too.
  const [showTable, setShowTable] = useState(false);
  return (
    <Card as="section" aria-labelledby="net-sales-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id="net-sales-heading" className="text-lg font-semibold">
          Net sales per {per}
        </h3>
        <Button variant="secondary" size="sm" aria-pressed={showTable} onClick={() => setShowTable(!showTable)}>
          Show the figures
        </Button>
      </div>
      <SalesChart series={insights.series} interval={insights.interval} />
      <FigureTable
        className="mt-4"
        screenReaderOnly={!showTable}
        caption={`Net sales per ${per}, ${insights.from} to ${insights.to}`}
        rows={insights.series}
        rowKey={(p) => p.from}
        empty="No periods"
        columns={[
          { label: 'Period', cell: periodName },
          { label: 'Gross sales', cell: (p) => formatAud(dollarsToCents(p.gross_sales)), numeric: true },
          { label: 'Refunds', cell: (p) => formatAud(dollarsToCents(p.refunds)), numeric: true },
          { label: 'Net sales', cell: (p) => formatAud(dollarsToCents(p.net_sales)), numeric: true },
          { label: 'Orders', cell: (p) => p.orders, numeric: true },
        ]}
      />
    </Card>
  );
}
