'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { Combobox } from '@/components/ui/combobox';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { Catalog } from './use-catalog';
import { allMatchingBody, type AllMatching } from './selection';

type Props = {
  catalog: Catalog;
  selected: Set<string>;
  onSelect: (ids: Set<string>) => void;
  /** Set when the owner chose every item the list's filter matches, on any page. */
  allMatching: AllMatching | null;
  onClearAllMatching: () => void;
};

/** Move the ticked items to one category, or delete them, in one all-or-nothing request each. */
export function BulkActions({ catalog, selected, onSelect, allMatching, onClearAllMatching }: Props) {
  const confirm = useConfirm();
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = [...selected];
  // The server applies the filter itself, so the action reaches rows never loaded here.
  const target = allMatching ? allMatchingBody(allMatching) : { ids };
  const count = allMatching ? allMatching.total : ids.length;

  async function updateCategory() {
    if (count === 0 || !category) {
      toast.error('Select products and choose a category');
      return;
    }
    setBusy(true);
    const result = await api.post<{ updated_count: number }>('/api/admin/products/bulk-update', { ...target, category });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Bulk update failed');
    toast.success('Updated successfully', { description: `${result.body.updated_count} item(s) moved to ${category}` });
    await catalog.reloadProducts();
  }

  async function deleteSelected() {
    if (count === 0) {
      toast.error('No products selected');
      return;
    }
    const ok = await confirm({ title: 'Delete selected', message: `Delete ${count} selected item(s)? Past orders keep them.`, confirmLabel: 'Delete' });
    if (!ok) return;
    setBusy(true);
    const result = await api.post<{ deleted_count: number }>('/api/admin/products/bulk-delete', target);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Bulk delete failed');
    toast.success(`Deleted ${result.body.deleted_count} item(s)`);
    onSelect(new Set());
    onClearAllMatching();
    await catalog.reloadProducts();
  }

  return (
    <Card className="flex flex-wrap items-end gap-3">
      <div className="min-w-56">
        <Combobox
          id="bulk-category"
          label="Move selected to category"
          placeholder="Choose a category"
          options={catalog.categories.map((c) => c.name)}
          value={category}
          onChange={setCategory}
        />
      </div>
      <Button onClick={() => void updateCategory()} disabled={busy}>
        Update Category
      </Button>
      <Button variant="danger" onClick={() => void deleteSelected()} disabled={busy}>
        Delete Selected
      </Button>
    </Card>
  );
}
