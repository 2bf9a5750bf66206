'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { AdminProductResponse as AdminProduct } from '@/lib/contract/catalog';
import type { AdminTiersResponse } from '@/lib/contract/licences';
import { dollarsToCents, formatAud } from '@/lib/format';
import { api, toastFailure } from './session';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Checkbox } from '@/components/ui/form-controls';
import { adminPaths, useAdminData } from './use-admin-data';

type Setting = { price: string; offered: boolean };

/**
 * Edit dialog → Licence prices (Decision 081): per tier, a price of the item's
 * own (empty: the tier's rule, shown as the placeholder) or the tier switched
 * off for this item. Saved on its own, as `licence_prices`.
 */
export function LicencePrices({ product, onChanged }: { product: AdminProduct; onChanged: () => Promise<void> }) {
  const { data } = useAdminData<AdminTiersResponse>(adminPaths.licences, 'Failed to load licence tiers');
  const tiers = (data?.tiers ?? []).filter((t) => !t.retired || product.licence_prices[t.key] !== undefined);
  const [draft, setDraft] = useState<Record<string, Setting>>({});
  const [busy, setBusy] = useState(false);
  const saved = (key: string): Setting => {
    const value = product.licence_prices[key];
    return value === false ? { price: '', offered: false } : { price: value === undefined ? '' : String(value), offered: true };
  };
  const setting = (key: string) => draft[key] ?? saved(key);
  const edit = (key: string, change: Partial<Setting>) => setDraft({ ...draft, [key]: { ...setting(key), ...change } });

  async function save() {
    const prices = Object.fromEntries(
      tiers.map((t) => [t.key, !setting(t.key).offered ? false : setting(t.key).price.trim() === '' ? null : Number(setting(t.key).price)]),
    );
    setBusy(true);
    const result = await api.put(`/api/${product.is_bundle ? 'bundles' : 'products'}/${product.id}`, { licence_prices: prices });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Update failed');
    toast.success('Licence prices saved');
    setDraft({});
    await onChanged();
  }

  if (tiers.length === 0) return null;
  return (
    <fieldset className="rounded-xl border border-gray-200 p-4" data-testid="licence-prices">
      <legend className="px-1 text-sm font-semibold">Licence prices</legend>
      <ul className="flex flex-col gap-2">
        {tiers.map((t) => {
          const rule = dollarsToCents(product.price * t.price_multiplier);
          const id = `licence-${product.id}-${t.key}`;
          return (
            <li key={t.key} className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm">
              <label htmlFor={id} className="font-medium">
                {t.name}
              </label>
              <Input
                id={id}
                type="number"
                min="0"
                step="0.01"
                placeholder={`${formatAud(rule)} (${t.price_multiplier} × price)`}
                value={setting(t.key).price}
                disabled={!setting(t.key).offered}
                onChange={(e) => edit(t.key, { price: e.target.value })}
              />
              <label className="flex items-center gap-1.5">
                <Checkbox checked={setting(t.key).offered} onChange={(e) => edit(t.key, { offered: e.target.checked })} />
                Sold
              </label>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-gray-600">Leave a price empty to follow the tier&apos;s rule. A sale lowers every tier in proportion.</p>
      <Button variant="secondary" className="mt-3" onClick={() => void save()} disabled={busy}>
        {busy ? 'Saving...' : 'Save Licence Prices'}
      </Button>
    </fieldset>
  );
}
