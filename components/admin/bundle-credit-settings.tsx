'use client';

import { useState } from 'react';
import type { BundleCreditSettingsResponse } from '@/lib/contract/accounts';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { SettingsForm } from './settings-form';
import { adminPaths, useAdminData } from './use-admin-data';

/** Settings → Bundle credit (Decision 094): the lowest share of a bundle's price a customer who owns some of it pays. */
export function BundleCreditSettings() {
  const { data, mutate } = useAdminData<BundleCreditSettingsResponse>(adminPaths.bundleCredit, 'Failed to fetch settings');
  return (
    <Card as="section" className="max-w-3xl" aria-labelledby="bundle-credit-title">
      <h2 id="bundle-credit-title" className="mb-3 text-lg font-bold">
        Bundle credit
      </h2>
      {data ? (
        <FloorForm key={data.floor_percent} saved={data} onSaved={async (next) => void (await mutate(next, { revalidate: false }))} />
      ) : (
        <p role="status">Loading...</p>
      )}
    </Card>
  );
}

function FloorForm({ saved, onSaved }: { saved: BundleCreditSettingsResponse; onSaved: (next: BundleCreditSettingsResponse) => Promise<void> }) {
  const [percent, setPercent] = useState(String(saved.floor_percent));

  return (
    <SettingsForm
      path={adminPaths.bundleCredit}
      savedMessage="Bundle credit saved"
      body={() => ({ floor_percent: Number(percent) })}
      onSaved={onSaved}
      note="A signed-in customer pays for a bundle its price less what they paid for the items of it they own, never less than this share of its price. Checkouts from now on use it."
    >
      <div className="w-48">
        <TextField
          id="bundle-credit-floor"
          label="Lowest price (% of the bundle)"
          type="number"
          min={0}
          max={100}
          required
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
        />
      </div>
    </SettingsForm>
  );
}
