'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import type { CategoryResponse as Category } from '@/lib/contract/catalog';
import type { DiscountCodeResponse as DiscountCode } from '@/lib/contract/discounts';
import { bodyOf, draftOf, emptyDraft, type DiscountDraft } from './discount-draft';
import { DiscountCodeFields } from './discount-code-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { api, toastFailure } from './session';

/** Create Discount Code: a code for everyone who meets its rules, unlike a gift voucher. */
export function DiscountCodeForm({ categories, onSaved }: { categories: Category[]; onSaved: () => Promise<void> }) {
  const [draft, setDraft] = useState<DiscountDraft>(emptyDraft);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.post<DiscountCode>('/api/admin/discounts', bodyOf(draft));
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to create discount code');
    toast.success(`Discount code ${result.body.code} created`);
    setDraft(emptyDraft());
    await onSaved();
  }

  return (
    <Card as="form" className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-labelledby="discount-form-title" noValidate>
      <h2 id="discount-form-title" className="text-lg font-bold">
        Create Discount Code
      </h2>
      <DiscountCodeFields idPrefix="discount" draft={draft} onChange={setDraft} categories={categories} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create Discount Code'}
        </Button>
      </div>
    </Card>
  );
}

/** Edit one code's rules in a dialog; the server refuses a new text for a code already used. */
export function EditDiscountCodeDialog({
  code,
  categories,
  onClose,
  onSaved,
}: {
  code: DiscountCode;
  categories: Category[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const [draft, setDraft] = useState<DiscountDraft>(() => draftOf(code));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.put<DiscountCode>(`/api/admin/discounts/${code.id}`, bodyOf(draft));
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to save discount code');
    toast.success(`Discount code ${result.body.code} saved`);
    await onSaved();
    onClose();
  }

  return (
    <Dialog open title={`Edit ${code.code}`} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <DiscountCodeFields idPrefix="edit-discount" draft={draft} onChange={setDraft} categories={categories} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
