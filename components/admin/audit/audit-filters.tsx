'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-controls';

export type AuditFilter = { actor: string; action: string; start_date: string; end_date: string };
export const NO_FILTER: AuditFilter = { actor: '', action: '', start_date: '', end_date: '' };

/** Person, action and a date range (the shop's days, both ends included), applied together. */
export function AuditFilters({ actors, actions, onApply }: { actors: string[]; actions: string[]; onApply: (filter: AuditFilter) => void }) {
  const [draft, setDraft] = useState<AuditFilter>(NO_FILTER);
  const set = (key: keyof AuditFilter) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" onSubmit={submit} aria-label="Audit filters">
      <SelectField id="audit-actor" label="Person" value={draft.actor} onChange={set('actor')}>
        <option value="">Everyone</option>
        {actors.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </SelectField>
      <SelectField id="audit-action" label="Action" value={draft.action} onChange={set('action')}>
        <option value="">All actions</option>
        {actions.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </SelectField>
      <TextField id="audit-start" label="From" type="date" value={draft.start_date} onChange={set('start_date')} />
      <TextField id="audit-end" label="To" type="date" value={draft.end_date} onChange={set('end_date')} />
      <Button type="submit">Apply Filters</Button>
    </form>
  );
}
