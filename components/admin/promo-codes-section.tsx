'use client';

import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api, toastFailure } from './api';
import { TextField } from './field';
import { button, card } from './styles';

type PromoCode = { code: string; description: string; percent_off: number; active: boolean; expires_at: string | null };

/** Membership promotion codes: the only codes the membership page's promo box accepts. */
export function PromoCodesSection() {
  const [codes, setCodes] = useState<PromoCode[]>([]);
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState('20');
  const [description, setDescription] = useState('');

  const load = useCallback(async () => {
    const result = await api.get<PromoCode[]>('/api/admin/promo-codes');
    if (result.ok) setCodes(result.body);
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount (state is set when the request answers); the admin data layer of issue #14 §5 replaces this
    void load();
  }, [load]);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    const result = await api.post('/api/admin/promo-codes', { code, percent_off: Number(percent), description });
    if (!result.ok) return toastFailure(result, 'Failed to create promo code');
    toast.success(`Promo code ${code.toUpperCase()} created`);
    setCode('');
    setDescription('');
    void load();
  }

  async function retire(value: string) {
    const result = await api.del(`/api/admin/promo-codes/${encodeURIComponent(value)}`);
    if (!result.ok) return toastFailure(result, 'Failed to retire promo code');
    toast.success(`Promo code ${value} retired`);
    void load();
  }

  return (
    <section className={`${card} flex max-w-3xl flex-col gap-4`} aria-labelledby="promo-codes-title">
      <h2 id="promo-codes-title" className="text-lg font-bold">
        Membership Promo Codes
      </h2>
      <form className="grid gap-3 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-end" onSubmit={create}>
        <TextField id="promo-code" label="Code" value={code} required maxLength={40} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        <TextField id="promo-percent" label="Percent off" type="number" min={1} max={100} step={1} required value={percent} onChange={(e) => setPercent(e.target.value)} />
        <TextField id="promo-description" label="Description" value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
        <button type="submit" className={button.primary}>
          Add Code
        </button>
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
                <button type="button" className={button.small} onClick={() => void retire(c.code)}>
                  Retire
                </button>
              ) : (
                <span className="text-xs font-semibold uppercase text-gray-500">Retired</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
