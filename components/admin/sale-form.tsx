'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { Combobox } from '@/components/ui/combobox';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-controls';
import { toLocalInput } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { CategoryResponse as Category } from '@/lib/contract/catalog';
import { allMatchingBody, type AllMatching } from './selection';

type Target = 'store' | 'category' | 'products';
type PriceType = 'percentage' | 'fixed';

const DAY_MS = 24 * 60 * 60 * 1000;
// docs/product.md §9: a sale defaults to 20 % off, from now until 7 days later.
const DEFAULT_VALUE = '20';
const defaultPeriod = () => {
  const now = new Date();
  return { start: toLocalInput(now), end: toLocalInput(new Date(now.getTime() + 7 * DAY_MS)) };
};

type Props = { categories: Category[]; selectedIds: string[]; allMatching: AllMatching | null; onApplied: () => Promise<void> };

/** What "Selected Products" means: the ticked ids, or every item All Products' search matched, on any page. */
function describeSelection(selectedIds: string[], allMatching: AllMatching | null) {
  if (!allMatching) return { count: selectedIds.length, body: { product_ids: selectedIds }, note: `${selectedIds.length} product(s) selected in All Products` };
  const matching = allMatching.search ? `matching "${allMatching.search}"` : 'in the catalogue';
  return { count: allMatching.total, body: allMatchingBody(allMatching), note: `All ${allMatching.total} product(s) ${matching} selected in All Products` };
}

export function SaleForm({ categories, selectedIds, allMatching, onApplied }: Props) {
  const [target, setTarget] = useState<Target>('store');
  const [category, setCategory] = useState('');
  const [priceType, setPriceType] = useState<PriceType>('percentage');
  const [value, setValue] = useState(DEFAULT_VALUE);
  const [period, setPeriod] = useState(defaultPeriod);
  const [busy, setBusy] = useState(false);
  const selection = describeSelection(selectedIds, allMatching);

  function changeTarget(next: Target) {
    setTarget(next);
    if (next === 'products') {
      setPriceType('percentage');
      setValue(DEFAULT_VALUE);
      setPeriod(defaultPeriod());
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.post<{ updated_count: number; skipped_count: number }>('/api/admin/bulk-sale', {
      target_type: target,
      sale_price_type: priceType,
      sale_value: Number(value),
      sale_start: new Date(period.start).toISOString(),
      sale_end: new Date(period.end).toISOString(),
      ...(target === 'category' ? { category } : {}),
      ...(target === 'products' ? selection.body : {}),
    });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to apply sale');
    const { updated_count, skipped_count } = result.body;
    toast.success(
      `Sale applied to ${updated_count} products`,
      skipped_count ? { description: `${skipped_count} skipped: the sale price would not be below their price` } : undefined,
    );
    await onApplied();
  }

  return (
    <Card as="form" className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} aria-labelledby="sale-form-title">
      <h2 id="sale-form-title" className="text-lg font-bold sm:col-span-2">
        Schedule Sale Event
      </h2>
      <SelectField id="sale-target" label="Apply to" value={target} onChange={(e) => changeTarget(e.target.value as Target)}>
        <option value="store">Entire Store</option>
        <option value="category">Specific Category</option>
        <option value="products">Selected Products ({selection.count})</option>
      </SelectField>
      {target === 'category' && (
        <Combobox
          id="sale-category"
          label="Category"
          required
          placeholder="Choose a category"
          options={categories.map((c) => c.name)}
          value={category}
          onChange={setCategory}
        />
      )}
      {target === 'products' && (
        <p className="self-end text-sm text-gray-700" role="status">
          {selection.note}
        </p>
      )}
      <SelectField id="sale-type" label="Discount type" value={priceType} onChange={(e) => setPriceType(e.target.value as PriceType)}>
        <option value="percentage">Percentage Off</option>
        <option value="fixed">Fixed Price</option>
      </SelectField>
      <TextField
        id="sale-value"
        label={priceType === 'percentage' ? 'Percentage off (%)' : 'Sale price (AUD)'}
        type="number"
        min="0"
        step="0.01"
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <TextField
        id="sale-start"
        label="Start"
        type="datetime-local"
        required
        value={period.start}
        onChange={(e) => setPeriod({ ...period, start: e.target.value })}
      />
      <TextField id="sale-end" label="End" type="datetime-local" required value={period.end} onChange={(e) => setPeriod({ ...period, end: e.target.value })} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy || (target === 'products' && selection.count === 0)}>
          {busy ? 'Applying...' : 'Apply Sale'}
        </Button>
      </div>
    </Card>
  );
}
