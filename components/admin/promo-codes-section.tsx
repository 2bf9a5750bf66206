'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { PromoCodeResponse as PromoCode } from '@/lib/contract/membership';
import { api, toastFailure } from './session';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { adminPaths, useAdminData } from './use-admin-data';

/** Membership promotion codes: the only codes the membership page's promo box accepts. */
export function PromoCodesSection() {
  const { data: codes = [], mutate } = useAdminData<PromoCode[]>(adminPaths.promoCodes, { log: 'promo codes' });
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState('20');
  const [description, setDescription] = useState('');

  async function create(event: React.FormEvent) {
    event.preventDefault();
    const result = await api.post('/api/admin/promo-codes', { code, percent_off: Number(percent), description });
    if (!result.ok) return toastFailure(result.error, 'Failed to create promo code');
    toast.success(`Promo code ${code.toUpperCase()} created`);
    setCode('');
    setDescription('');
    void mutate();
  }

  async function retire(value: string) {
    const result = await api.del(`/api/admin/promo-codes/${encodeURIComponent(value)}`);
    if (!result.ok) return toastFailure(result.error, 'Failed to retire promo code');
    toast.success(`Promo code ${value} retired`);
    void mutate();
  }

  return (
    <Card as="section" className="flex max-w-3xl flex-col gap-4" aria-labelledby="promo-codes-title">
      <h2 id="promo-codes-title" className="text-lg font-bold">
        Membership Promo Codes
      </h2>
      <form className="grid gap-3 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-end" onSubmit={create}>
        <TextField id="promo-code" label="Code" value={code} required maxLength={40} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        <TextField
          id="promo-percent"
          label="Percent off"
          type="number"
          min={1}
          max={100}
          step={1}
          required
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
        />
        <TextField id="promo-description" label="Description" value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
        <Button type="submit">Add Code</Button>
      </form>
      {codes.length > 0 && (
        <ul className="divide-y divide-gray-200" aria-label="Promo codes">
          {codes.map((c) => (
            <li key={c.code} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-mono font-bold">{c.code}</span> · {c.percent_off}% off the first period
                {c.description && <span className="text-gray-600"> · {c.description}</span>}
              </span>
              {c.active ? (
                <Button variant="secondary" size="sm" onClick={() => void retire(c.code)}>
                  Retire
                </Button>
              ) : (
                <Badge tone="neutral">Retired</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
