'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import type { ReviewSettingsResponse } from '@/lib/contract/reviews';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-controls';
import { api, toastFailure } from '../session';
import { adminPaths, useAdminData } from '../use-admin-data';

/** The review request email: on or off, and how many days after purchase it goes. */
export function ReviewSettings() {
  const { data, mutate } = useAdminData<ReviewSettingsResponse>(adminPaths.reviewSettings, 'Failed to fetch settings');
  return (
    <Card as="section" aria-labelledby="review-settings-title">
      <h2 id="review-settings-title" className="mb-3 text-lg font-bold">
        Review request email
      </h2>
      {data ? (
        <SettingsForm key={JSON.stringify(data)} saved={data} onSaved={async (next) => void (await mutate(next, { revalidate: false }))} />
      ) : (
        <p role="status">Loading...</p>
      )}
    </Card>
  );
}

function SettingsForm({ saved, onSaved }: { saved: ReviewSettingsResponse; onSaved: (next: ReviewSettingsResponse) => Promise<void> }) {
  const [enabled, setEnabled] = useState(saved.request_enabled);
  const [days, setDays] = useState(String(saved.request_delay_days));
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    const result = await api.put<ReviewSettingsResponse>(adminPaths.reviewSettings, { request_enabled: enabled, request_delay_days: Number(days) });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to save settings');
    toast.success('Review requests saved');
    await onSaved(result.body);
  }

  return (
    <form
      className="flex flex-wrap items-end gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <CheckboxField id="review-requests-on" label="Email buyers asking for a review" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      <div className="w-40">
        <TextField
          id="review-requests-days"
          label="Days after purchase"
          type="number"
          min={1}
          max={90}
          required
          disabled={!enabled}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
      <p className="w-full text-xs text-gray-600">
        Sent once per order to customers with an account, never after a refund, with an unsubscribe link. Orders paid from now on follow these settings.
      </p>
    </form>
  );
}
