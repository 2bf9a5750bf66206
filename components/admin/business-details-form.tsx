'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { BusinessDetailsDto } from '@/lib/contract/invoices';
import { TextField } from '@/components/ui/field';
import { CheckboxField, TextareaField } from '@/components/ui/form-controls';
import { api, toastFailure } from './session';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminPaths, useAdminData } from './use-admin-data';

/** Settings → Business details: the seller printed on every new invoice. */
export function BusinessDetailsForm() {
  const { data, mutate } = useAdminData<BusinessDetailsDto>(adminPaths.business, 'Failed to fetch business details');
  // Edits over the loaded details; null shows them as saved.
  const [draft, setDraft] = useState<BusinessDetailsDto | null>(null);
  const [busy, setBusy] = useState(false);
  const details = draft ?? data ?? { name: '', abn: '', address: '', email: '', gst_registered: false };
  const edit = (change: Partial<BusinessDetailsDto>) => setDraft({ ...details, ...change });

  async function save() {
    setBusy(true);
    const result = await api.put<BusinessDetailsDto>(adminPaths.business, details);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to save business details');
    await mutate(result.body, { revalidate: false });
    setDraft(null);
    toast.success('Business details saved');
  }

  return (
    <Card as="section" className="flex max-w-3xl flex-col gap-4" aria-labelledby="business-details-title">
      <h2 id="business-details-title" className="text-lg font-bold">
        Business details
      </h2>
      <p className="text-sm text-gray-600">Printed on invoices. Invoices already issued keep the details they were issued with.</p>
      <TextField id="business-name" label="Business name" value={details.name} maxLength={200} onChange={(e) => edit({ name: e.target.value })} />
      <TextField
        id="business-abn"
        label="ABN"
        hint="11 digits, e.g. 51 824 753 556"
        inputMode="numeric"
        value={details.abn}
        maxLength={20}
        onChange={(e) => edit({ abn: e.target.value })}
      />
      <TextareaField
        id="business-address"
        label="Address"
        rows={3}
        value={details.address}
        maxLength={500}
        onChange={(e) => edit({ address: e.target.value })}
      />
      <TextField
        id="business-email"
        label="Contact email"
        type="email"
        value={details.email}
        maxLength={254}
        onChange={(e) => edit({ email: e.target.value })}
      />
      <CheckboxField
        id="business-gst"
        label="Registered for GST (invoices become tax invoices)"
        checked={details.gst_registered}
        onChange={(e) => edit({ gst_registered: e.target.checked })}
      />
      <div>
        <Button onClick={() => void save()} disabled={busy}>
          {busy ? 'Saving...' : 'Save Business Details'}
        </Button>
      </div>
    </Card>
  );
}
