'use client';

import { useState, type FormEvent } from 'react';
import { dayCount, isDay, PRESETS, presetRange, type DayRange, type Interval, type Preset } from '@/lib/calendar';
import { INSIGHTS_MAX_DAYS } from '@/lib/shop';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-controls';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export type Choice = DayRange & { preset: Preset | 'custom'; interval: Interval };

const PRESET_LABELS: Record<Preset, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  quarter: 'This quarter',
  fy: 'This financial year',
};

/** The interval each preset opens with: a bar per day up to a month, then weeks, then months. */
const PRESET_INTERVAL: Record<Preset, Interval> = { today: 'day', '7d': 'day', '30d': 'day', quarter: 'week', fy: 'month' };

export const presetChoice = (preset: Preset): Choice => ({ preset, interval: PRESET_INTERVAL[preset], ...presetRange(preset) });

function customProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return 'Choose a start and an end date';
  if (from > to) return 'The start date must not be after the end date';
  if (dayCount({ from, to }) > INSIGHTS_MAX_DAYS) return `Choose at most ${INSIGHTS_MAX_DAYS} days`;
  return null;
}

/** Presets as a row of toggle buttons, a custom range form, and the chart's interval. */
export function RangePicker({ value, onChange }: { value: Choice; onChange: (choice: Choice) => void }) {
  const [draft, setDraft] = useState({ from: value.from, to: value.to });
  const [problem, setProblem] = useState<string | null>(null);

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    const found = customProblem(draft.from, draft.to);
    setProblem(found);
    if (!found) onChange({ ...value, preset: 'custom', ...draft });
  }

  return (
    <Card className="flex flex-col gap-4">
      <div role="group" aria-label="Date range" className="flex flex-wrap gap-2">
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            aria-pressed={value.preset === preset}
            variant={value.preset === preset ? 'primary' : 'secondary'}
            onClick={() => {
              const next = presetChoice(preset);
              setDraft({ from: next.from, to: next.to });
              onChange(next);
            }}
          >
            {PRESET_LABELS[preset]}
          </Button>
        ))}
      </div>
      <form className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto_1fr]" onSubmit={applyCustom} aria-label="Custom range">
        <TextField id="insights-from" label="From" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        <TextField id="insights-to" label="To" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        <Button type="submit" variant="secondary">
          Show range
        </Button>
        <SelectField
          id="insights-interval"
          label="Chart by"
          value={value.interval}
          onChange={(e) => onChange({ ...value, interval: e.target.value as Interval })}
        >
          <option value="day">Day</option>
          <option value="week">Week</option>
          <option value="month">Month</option>
        </SelectField>
      </form>
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {problem}
        </p>
      )}
    </Card>
  );
}
