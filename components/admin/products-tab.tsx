'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { NewBundleDialog } from './bundle-form';
import { BulkActions } from './bulk-actions';
import { useConfirm } from '@/components/ui/confirm';
import { EditProductDialog } from './edit-product-dialog';
import { ProductRow } from './product-row';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-controls';
import type { AdminProductResponse as AdminProduct } from '@/lib/contract/catalog';
import { ADMIN_PRODUCTS_PATH, type Catalog } from './use-catalog';
import { Pager } from './pager';
import { listPath, useAdminList, useDebounced } from './use-admin-list';
import { ProductImport } from './product-import';
import type { AllMatching } from './selection';

const PAGE_SIZE = 50;

type Props = {
  catalog: Catalog;
  selected: Set<string>;
  onSelect: (ids: Set<string>) => void;
  /** Kept by the dashboard, so the Sales Manager can put the same selection on sale. */
  allMatching: AllMatching | null;
  onAllMatching: (all: AllMatching | null) => void;
};

export function ProductsTab({ catalog, selected, onSelect, allMatching, onAllMatching }: Props) {
  const confirm = useConfirm();
  // Back from another tab, the list shows again the search that "all matching" stands for.
  const [search, setSearch] = useState(allMatching?.search ?? '');
  const [offset, setOffset] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [creatingBundle, setCreatingBundle] = useState(false);
  const query = useDebounced(search.trim());
  const list = useAdminList<AdminProduct>(ADMIN_PRODUCTS_PATH, { search: query, limit: PAGE_SIZE, offset }, { log: 'products' });
  const shown = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const allShownSelected = shown.length > 0 && shown.every((p) => selected.has(p.id));
  // Looked up on every render so the dialog's file list follows reloads.
  const editing = shown.find((p) => p.id === editingId) ?? null;
  const reloadProducts = catalog.reloadProducts;

  function changeSearch(value: string) {
    setSearch(value);
    setOffset(0);
    // "All matching" meant the old filter; it must not silently widen to a new one.
    onAllMatching(null);
  }

  function toggle(id: string) {
    onAllMatching(null);
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  }

  function toggleAll() {
    onAllMatching(null);
    const next = new Set(selected);
    for (const p of shown) {
      if (allShownSelected) next.delete(p.id);
      else next.add(p.id);
    }
    onSelect(next);
  }

  async function remove(product: AdminProduct) {
    const ok = await confirm({
      title: `Delete ${product.is_bundle ? 'bundle' : 'product'}`,
      message: `Delete "${product.title}"? Past orders keep it.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    const result = await api.del(`/api/${product.is_bundle ? 'bundles' : 'products'}/${product.id}`);
    if (!result.ok) return toastFailure(result.error, 'Delete failed');
    toast.success(`Deleted "${product.title}"`);
    const next = new Set(selected);
    next.delete(product.id);
    onSelect(next);
    await reloadProducts();
  }

  return (
    <div className="flex flex-col gap-4">
      <BulkActions catalog={catalog} selected={selected} onSelect={onSelect} allMatching={allMatching} onClearAllMatching={() => onAllMatching(null)} />
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 pb-3">
          <div className="flex items-center gap-2">
            <CheckboxField
              id="select-all"
              label={`Select all shown (${allMatching ? `all ${allMatching.total} matching` : selected.size} selected)`}
              checked={allShownSelected}
              onChange={toggleAll}
            />
            {allShownSelected && !allMatching && total > shown.length && (
              <Button variant="secondary" onClick={() => onAllMatching({ search: query, total })}>
                Select all {total} matching
              </Button>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setCreatingBundle(true)}>New Bundle</Button>
            <a className={buttonClass({ variant: 'secondary' })} href={listPath(`${ADMIN_PRODUCTS_PATH}.csv`, { search: query })} download>
              Export CSV
            </a>
            <ProductImport onApplied={() => Promise.all([reloadProducts(), catalog.reloadTags()]).then(() => undefined)} />
          </div>
          <div className="w-full max-w-xs">
            <label htmlFor="product-search" className="sr-only">
              Search products
            </label>
            <Input id="product-search" type="search" placeholder="Search by title..." value={search} onChange={(e) => changeSearch(e.target.value)} />
          </div>
        </div>
        {list.isLoading ? (
          <p className="py-8 text-center text-gray-700" role="status">
            Loading...
          </p>
        ) : shown.length === 0 ? (
          <p className="py-8 text-center text-gray-700">No products found</p>
        ) : (
          <ul className="divide-y divide-gray-100" aria-label="Products and bundles">
            {shown.map((p) => (
              <ProductRow
                key={p.id}
                product={p}
                checked={selected.has(p.id)}
                onToggle={() => toggle(p.id)}
                onEdit={() => setEditingId(p.id)}
                onDelete={() => void remove(p)}
              />
            ))}
          </ul>
        )}
        <Pager label="Products" offset={offset} pageSize={PAGE_SIZE} shown={shown.length} total={total} onOffset={setOffset} />
      </Card>
      <EditProductDialog
        product={editing}
        categories={catalog.categories}
        vocabulary={catalog.tags}
        onClose={() => setEditingId(null)}
        onSaved={() => Promise.all([reloadProducts(), catalog.reloadTags()]).then(() => undefined)}
      />
      <NewBundleDialog
        open={creatingBundle}
        categories={catalog.categories}
        tags={catalog.tags}
        onClose={() => setCreatingBundle(false)}
        onCreated={reloadProducts}
      />
    </div>
  );
}
