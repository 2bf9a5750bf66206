'use client';

// The Insights tab (Decision 083): the owner's sales figures for a range of
// shop days, from GET /api/admin/insights. The range and interval are the
// cache key, so going back to a range shows it at once while it refreshes.
import { useState } from 'react';
import type { InsightsResponse } from '@/lib/contract/insights';
import { Button } from '@/components/ui/button';
import { useAdminData } from '../use-admin-data';
import { presetChoice, RangePicker, type Choice } from './range-picker';
import { Rankings } from './rankings';
import { SalesSection } from './sales-section';
import { TaxAndMembers } from './tax-and-members';
import { TotalsGrid } from './totals';

const pathOf = (c: Choice) => `/api/admin/insights?${new URLSearchParams({ from: c.from, to: c.to, interval: c.interval })}`;

export function InsightsTab() {
  const [choice, setChoice] = useState<Choice>(() => presetChoice('30d'));
  const { data, isValidating, mutate } = useAdminData<InsightsResponse>(pathOf(choice), 'Failed to load insights', { keepPreviousData: true });

  return (
    <div className="flex flex-col gap-6">
      <RangePicker value={choice} onChange={setChoice} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold" aria-live="polite">
          {data ? `${data.from} to ${data.to}` : 'Loading insights…'}
          {data && isValidating && <span className="ml-2 text-sm font-normal text-gray-600">Updating…</span>}
        </h2>
        <Button variant="secondary" onClick={() => void mutate()} disabled={isValidating}>
          Refresh
        </Button>
      </div>
      {data && (
        <>
          <TotalsGrid totals={data.totals} />
          <SalesSection insights={data} />
          <Rankings insights={data} />
          <TaxAndMembers insights={data} />
        </>
      )}
    </div>
  );
}
