'use client';

import type { CategoryResponse as Category } from '@/lib/contract/catalog';
import type { DiscountScopeValue } from '@/lib/contract/discounts';
import { SCOPE_LABELS, type DiscountDraft } from './discount-draft';
import { TextField } from '@/components/ui/field';
import { CheckboxField, SelectField } from '@/components/ui/form-controls';
import { CategoryPicker } from './category-picker';
import { ProductPicker } from './product-picker';

type Props = {
  /** Prefix of every field id, so the create form and the edit dialog can both be on the page. */
  idPrefix: string;
  draft: DiscountDraft;
  onChange: (next: DiscountDraft) => void;
  categories: Category[];
};

/** The rules of one discount code; shared by the create form and the edit dialog. */
export function DiscountCodeFields({ idPrefix, draft, onChange, categories }: Props) {
  const set = <K extends keyof DiscountDraft>(key: K, value: DiscountDraft[K]) => onChange({ ...draft, [key]: value });
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={id('code')}
        label="Code"
        hint="Letters, digits or dashes. Leave empty to generate one."
        maxLength={40}
        value={draft.code}
        onChange={(e) => set('code', e.target.value.toUpperCase())}
      />
      <TextField
        id={id('description')}
        label="Description (optional)"
        maxLength={200}
        value={draft.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <SelectField id={id('type')} label="Type" value={draft.type} onChange={(e) => set('type', e.target.value as DiscountDraft['type'])}>
        <option value="percentage">Percentage (%)</option>
        <option value="fixed_amount">Amount ($)</option>
      </SelectField>
      <TextField id={id('value')} label="Value" type="number" min="0" step="0.01" required value={draft.value} onChange={(e) => set('value', e.target.value)} />
      <SelectField id={id('applies-to')} label="Applies to" value={draft.appliesTo} onChange={(e) => set('appliesTo', e.target.value as DiscountScopeValue)}>
        {Object.entries(SCOPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {draft.appliesTo !== 'membership' && (
        <TextField
          id={id('min-subtotal')}
          label="Minimum subtotal ($, optional)"
          type="number"
          min="0"
          step="0.01"
          value={draft.minSubtotal}
          onChange={(e) => set('minSubtotal', e.target.value)}
        />
      )}
      {draft.appliesTo === 'categories' && (
        <div className="sm:col-span-2">
          <CategoryPicker categories={categories} value={draft.categoryIds} onChange={(next) => set('categoryIds', next)} />
        </div>
      )}
      {draft.appliesTo === 'products' && (
        <div className="sm:col-span-2">
          <ProductPicker
            label="Products or bundles"
            kind="all"
            chosenLabel="Products and bundles the code applies to"
            value={draft.products}
            onChange={(next) => set('products', next)}
          />
        </div>
      )}
      <TextField
        id={id('starts-at')}
        label="Starts (Sydney time, optional)"
        type="datetime-local"
        value={draft.startsAt}
        onChange={(e) => set('startsAt', e.target.value)}
      />
      <TextField
        id={id('ends-at')}
        label="Ends (Sydney time, optional)"
        type="datetime-local"
        value={draft.endsAt}
        onChange={(e) => set('endsAt', e.target.value)}
      />
      <TextField
        id={id('max-uses')}
        label="Total uses (optional)"
        type="number"
        min="1"
        step="1"
        value={draft.maxUses}
        onChange={(e) => set('maxUses', e.target.value)}
      />
      <TextField
        id={id('max-uses-per-customer')}
        label="Uses per customer (optional)"
        type="number"
        min="1"
        step="1"
        value={draft.maxUsesPerCustomer}
        onChange={(e) => set('maxUsesPerCustomer', e.target.value)}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <CheckboxField
          id={id('new-customers')}
          label="New customers only"
          checked={draft.newCustomersOnly}
          onChange={(e) => set('newCustomersOnly', e.target.checked)}
        />
        {draft.appliesTo !== 'membership' && (
          <CheckboxField
            id={id('sale-items')}
            label="Also applies to items already on sale"
            checked={draft.appliesToSaleItems}
            onChange={(e) => set('appliesToSaleItems', e.target.checked)}
          />
        )}
      </div>
    </div>
  );
}
