'use client';

import { useState } from 'react';
import type { AbandonedCheckoutSettingsBody } from '@/lib/contract/newsletters';
import type { DiscountCodeResponse } from '@/lib/contract/discounts';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { CheckboxField, SelectField } from '@/components/ui/form-controls';
import { SettingsForm } from '../settings-form';
import { useAdminData } from '../use-admin-data';

const PATH = '/api/admin/settings/abandoned-checkout';

/** The abandoned-checkout email: on or off, hours after an unpaid card checkout, and an optional code. */
export function RecoverySettings() {
  const { data, mutate } = useAdminData<AbandonedCheckoutSettingsBody>(PATH, 'Failed to fetch settings');
  const { data: codes } = useAdminData<DiscountCodeResponse[]>('/api/admin/discounts?limit=100', { log: 'discount codes' });
  return (
    <Card as="section" aria-labelledby="recovery-settings-title">
      <h2 id="recovery-settings-title" className="mb-3 text-lg font-bold">
        Abandoned checkout email
      </h2>
      {data ? (
        <RecoveryForm
          key={JSON.stringify(data)}
          saved={data}
          codes={(codes ?? []).filter((c) => c.applies_to !== 'membership')}
          onSaved={async (next) => void (await mutate(next, { revalidate: false }))}
        />
      ) : (
        <p role="status">Loading...</p>
      )}
    </Card>
  );
}

type FormProps = { saved: AbandonedCheckoutSettingsBody; codes: DiscountCodeResponse[]; onSaved: (next: AbandonedCheckoutSettingsBody) => Promise<void> };

function RecoveryForm({ saved, codes, onSaved }: FormProps) {
  const [enabled, setEnabled] = useState(saved.enabled);
  const [hours, setHours] = useState(String(saved.delay_hours));
  const [codeId, setCodeId] = useState(saved.discount_code_id ?? '');

  return (
    <SettingsForm
      path={PATH}
      savedMessage="Abandoned checkout email saved"
      body={() => ({ enabled, delay_hours: Number(hours), discount_code_id: codeId || null })}
      onSaved={onSaved}
      note="One email per checkout, only to signed-in customers who agreed to receive the newsletter, never once they bought the items, with a link that puts the cart back."
    >
      <CheckboxField id="recovery-on" label="Remind customers of an unpaid card checkout" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      <div className="w-40">
        <TextField
          id="recovery-hours"
          label="Hours after checkout"
          type="number"
          min={1}
          max={72}
          required
          disabled={!enabled}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
        />
      </div>
      <div className="w-64">
        <SelectField id="recovery-code" label="Discount code offered" disabled={!enabled} value={codeId} onChange={(e) => setCodeId(e.target.value)}>
          <option value="">No code</option>
          {codes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code}
            </option>
          ))}
        </SelectField>
      </div>
    </SettingsForm>
  );
}
