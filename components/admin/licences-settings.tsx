'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { AdminTierResponse, AdminTiersResponse } from '@/lib/contract/licences';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ArrowDownIcon, ArrowUpIcon } from '@/components/ui/content-icons';
import { TextField } from '@/components/ui/field';
import { CheckboxField, SelectField, TextareaField } from '@/components/ui/form-controls';
import { api, toastFailure } from './session';
import { adminPaths, useAdminData } from './use-admin-data';

/**
 * Settings → Licences (Decision 081): the tiers in order, each editable (new
 * terms become a new version), movable and retirable; a new tier; and the
 * tier a membership includes.
 */
export function LicencesSettings() {
  const { data, mutate } = useAdminData<AdminTiersResponse>(adminPaths.licences, 'Failed to load licence tiers');
  const tiers = data?.tiers ?? [];

  async function saveSettings(body: { order?: string[]; member_tier?: string }, done: string) {
    const result = await api.put<AdminTiersResponse>(adminPaths.licences, body);
    if (!result.ok) return toastFailure(result.error, 'Failed to save licences');
    await mutate(result.body, { revalidate: false });
    toast.success(done);
  }

  function move(index: number, by: -1 | 1) {
    const order = tiers.map((t) => t.key);
    [order[index], order[index + by]] = [order[index + by], order[index]];
    void saveSettings({ order }, 'Licence order saved');
  }

  return (
    <Card as="section" className="flex max-w-3xl flex-col gap-4" aria-labelledby="licences-title">
      <h2 id="licences-title" className="text-lg font-bold">
        Licences
      </h2>
      <p className="text-sm text-gray-600">
        Every item is sold under these tiers, in this order; the first one an item sells is its default. Licences already issued keep their tier and the terms
        version they were sold under.
      </p>
      <ol className="flex flex-col gap-3" aria-label="Licence tiers">
        {tiers.map((tier, index) => (
          <li key={tier.key} className="rounded-xl border border-gray-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">
                {tier.name}{' '}
                <span className="text-sm font-normal text-gray-600">
                  ({tier.key}, {tier.price_multiplier} × price, terms v{tier.terms_version})
                </span>
                {tier.retired && (
                  <Badge tone="neutral" className="ml-2">
                    Retired
                  </Badge>
                )}
              </span>
              <span className="flex gap-1">
                <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${tier.name} up`}>
                  <ArrowUpIcon />
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index === tiers.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${tier.name} down`}
                >
                  <ArrowDownIcon />
                </Button>
              </span>
            </div>
            <TierForm key={`${tier.key}-${tier.terms_version}`} tier={tier} onSaved={() => mutate()} />
          </li>
        ))}
      </ol>
      {data && (
        <SelectField
          id="member-tier"
          label="A membership includes"
          hint="Members pay nothing for this tier and those below it, and the difference for a higher one."
          value={data.member_tier}
          onChange={(e) => void saveSettings({ member_tier: e.target.value }, 'Membership tier saved')}
        >
          {tiers.map((t) => (
            <option key={t.key} value={t.key}>
              {t.name}
            </option>
          ))}
        </SelectField>
      )}
      <NewTierForm onSaved={() => mutate()} />
    </Card>
  );
}

type TierDraft = { name: string; summary: string; terms: string; multiplier: string };

function TierFields({ id, draft, onChange }: { id: string; draft: TierDraft; onChange: (change: Partial<TierDraft>) => void }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${id}-name`} label="Name" required maxLength={60} value={draft.name} onChange={(e) => onChange({ name: e.target.value })} />
        <TextField
          id={`${id}-multiplier`}
          label="Default price (× the item's price)"
          type="number"
          min="0"
          step="0.0001"
          required
          value={draft.multiplier}
          onChange={(e) => onChange({ multiplier: e.target.value })}
        />
      </div>
      <TextareaField
        id={`${id}-summary`}
        label="Summary (one paragraph)"
        rows={2}
        maxLength={600}
        value={draft.summary}
        onChange={(e) => onChange({ summary: e.target.value })}
      />
      <TextareaField id={`${id}-terms`} label="Terms (Markdown)" rows={6} value={draft.terms} onChange={(e) => onChange({ terms: e.target.value })} />
    </>
  );
}

function TierForm({ tier, onSaved }: { tier: AdminTierResponse; onSaved: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<TierDraft>({ name: tier.name, summary: tier.summary, terms: tier.terms, multiplier: String(tier.price_multiplier) });
  const [retired, setRetired] = useState(tier.retired);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    const result = await api.put(`${adminPaths.licences}/${tier.key}`, {
      name: draft.name,
      summary: draft.summary,
      terms: draft.terms,
      price_multiplier: Number(draft.multiplier),
      retired,
    });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to save licence');
    toast.success(`${draft.name} saved`);
    await onSaved();
  }

  if (!open) {
    return (
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        Edit {tier.name}
      </Button>
    );
  }
  return (
    <div className="mt-3 flex flex-col gap-3">
      <TierFields id={`tier-${tier.key}`} draft={draft} onChange={(change) => setDraft({ ...draft, ...change })} />
      <CheckboxField
        id={`tier-${tier.key}-retired`}
        label="Retired (no longer sold; issued licences stay valid)"
        checked={retired}
        onChange={(e) => setRetired(e.target.checked)}
      />
      <div className="flex gap-2">
        <Button disabled={busy} onClick={() => void save()}>
          {busy ? 'Saving...' : `Save ${tier.name}`}
        </Button>
        <a href={tier.terms_url} target="_blank" rel="noopener" className={buttonClass({ variant: 'secondary' })}>
          View terms page
        </a>
      </div>
    </div>
  );
}

function NewTierForm({ onSaved }: { onSaved: () => Promise<unknown> }) {
  const empty: TierDraft = { name: '', summary: '', terms: '', multiplier: '1' };
  const [key, setKey] = useState('');
  const [draft, setDraft] = useState<TierDraft>(empty);
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    const result = await api.post(adminPaths.licences, {
      key,
      name: draft.name,
      summary: draft.summary,
      terms: draft.terms,
      price_multiplier: Number(draft.multiplier),
    });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to add licence');
    toast.success(`${draft.name} added`);
    setKey('');
    setDraft(empty);
    await onSaved();
  }

  return (
    <details className="rounded-xl border border-dashed border-gray-300 p-3">
      <summary className="cursor-pointer text-sm font-semibold">Add a licence tier</summary>
      <div className="mt-3 flex flex-col gap-3">
        <TextField
          id="new-tier-key"
          label="Key"
          hint="Lower-case letters, digits and hyphens; its terms page is /licences/{key}. It cannot change later."
          maxLength={40}
          value={key}
          onChange={(e) => setKey(e.target.value.toLowerCase())}
        />
        <TierFields id="new-tier" draft={draft} onChange={(change) => setDraft({ ...draft, ...change })} />
        <div>
          <Button disabled={busy} onClick={() => void create()}>
            {busy ? 'Adding...' : 'Add Licence Tier'}
          </Button>
        </div>
      </div>
    </details>
  );
}
