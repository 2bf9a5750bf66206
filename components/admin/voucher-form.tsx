'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { TextField } from '@/components/ui/field';
import { SelectField, TextareaField } from '@/components/ui/form-controls';
import { Button } from '@/components/ui/button';
import { Card, Notice } from '@/components/ui/card';
import type { VoucherCreateResponse, VoucherResponse as Voucher } from '@/lib/contract/vouchers';

type Created = VoucherCreateResponse;

export function VoucherForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [type, setType] = useState<Voucher['type']>('percentage');
  const [value, setValue] = useState('');
  const [usageType, setUsageType] = useState<Voucher['usage_type']>('one_time');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ code: string; email: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || value.trim() === '') {
      toast.error('Please fill in all required fields');
      return;
    }
    setBusy(true);
    const result = await api.post<Created>('/api/admin/vouchers/create', {
      customer_email: email.trim(),
      type,
      value: Number(value),
      usage_type: usageType,
      notes,
    });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to create voucher');
    setCreated({ code: result.body.code, email: result.body.voucher.customer_email });
    toast.success(`Voucher ${result.body.code} created and emailed to ${result.body.voucher.customer_email}`);
    setEmail('');
    setValue('');
    setNotes('');
    await onCreated();
  }

  return (
    <Card as="form" className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} aria-labelledby="voucher-form-title" noValidate>
      <h2 id="voucher-form-title" className="text-lg font-bold sm:col-span-2">
        Create Gift Voucher
      </h2>
      <TextField id="voucher-email" label="Customer email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <SelectField id="voucher-type" label="Type" value={type} onChange={(e) => setType(e.target.value as Voucher['type'])}>
        <option value="percentage">Percentage (%)</option>
        <option value="fixed_amount">Amount ($)</option>
      </SelectField>
      <TextField id="voucher-value" label="Value" type="number" min="0" step="0.01" required value={value} onChange={(e) => setValue(e.target.value)} />
      <SelectField id="voucher-usage" label="Usage" value={usageType} onChange={(e) => setUsageType(e.target.value as Voucher['usage_type'])}>
        <option value="one_time">One-time</option>
        <option value="reusable">Reusable gift card</option>
      </SelectField>
      <div className="sm:col-span-2">
        <TextareaField id="voucher-notes" label="Notes (optional)" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create Voucher'}
        </Button>
        {created && (
          <Notice tone="success" role="status" className="px-3 py-2" data-testid="created-voucher">
            Code{' '}
            <span className="font-mono font-bold" data-testid="voucher-code">
              {created.code}
            </span>{' '}
            sent to {created.email}
          </Notice>
        )}
      </div>
    </Card>
  );
}
