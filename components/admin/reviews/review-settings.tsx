'use client';

import { useState } from 'react';
import type { ReviewSettingsResponse } from '@/lib/contract/reviews';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-controls';
import { SettingsForm } from '../settings-form';
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
        <ReviewRequestForm key={JSON.stringify(data)} saved={data} onSaved={async (next) => void (await mutate(next, { revalidate: false }))} />
      ) : (
        <p role="status">Loading...</p>
      )}
    </Card>
  );
}

function ReviewRequestForm({ saved, onSaved }: { saved: ReviewSettingsResponse; onSaved: (next: ReviewSettingsResponse) => Promise<void> }) {
  const [enabled, setEnabled] = useState(saved.request_enabled);
  const [days, setDays] = useState(String(saved.request_delay_days));

  return (
    <SettingsForm
      path={adminPaths.reviewSettings}
      savedMessage="Review requests saved"
      body={() => ({ request_enabled: enabled, request_delay_days: Number(days) })}
      onSaved={onSaved}
      note="Sent once per order to customers with an account, never after a refund, with an unsubscribe link. Orders paid from now on follow these settings."
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
    </SettingsForm>
  );
}
