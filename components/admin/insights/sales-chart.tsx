'use client';

// The net-sales chart, drawn by Chartist as SVG (small, no dependencies, in
// the page's own DOM). Loaded on its own by the Insights tab, so its code
// reaches only an admin who opens it. The chart is a picture of the table
// beside it, which is what screen readers read.
import { BarChart } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';
import type { InsightsResponse } from '@/lib/contract/insights';

type Period = InsightsResponse['series'][number];

/** At most this many labels on the time axis, so a phone's are readable. */
const MAX_LABELS = 6;

const short = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export const periodLabel = (period: Period, interval: string) =>
  interval === 'month' ? monthYear.format(new Date(`${period.from}T00:00:00Z`)) : short.format(new Date(`${period.from}T00:00:00Z`));

const axisDollars = (value: number) => (Math.abs(value) >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${Math.round(value)}`);

export default function SalesChart({ series, interval }: { series: Period[]; interval: string }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const step = Math.max(1, Math.ceil(series.length / MAX_LABELS));
    const chart = new BarChart(
      host.current,
      { labels: series.map((p) => periodLabel(p, interval)), series: [series.map((p) => p.net_sales)] },
      {
        height: '260px',
        axisX: { showGrid: false, labelInterpolationFnc: (label: unknown, index: number) => (index % step === 0 ? String(label) : null) },
        axisY: { onlyInteger: true, labelInterpolationFnc: (value: unknown) => axisDollars(Number(value)), offset: 56 },
        chartPadding: { top: 12, right: 8, bottom: 0, left: 0 },
      },
    );
    // Bars as wide as their slot allows: a year of days stays legible, a week is not seven needles.
    chart.on('draw', (event) => {
      if (event.type !== 'bar') return;
      const slot = event.axisX.axisLength / Math.max(1, series.length);
      event.element.attr({ style: `stroke-width: ${Math.max(1, Math.min(28, slot * 0.7))}px` });
    });
    return () => void chart.detach();
  }, [series, interval]);

  return <div ref={host} className="ct-chart w-full text-brand-700" aria-hidden="true" data-testid="net-sales-chart" />;
}
