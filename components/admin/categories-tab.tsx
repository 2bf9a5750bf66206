'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { EditCategoryDialog } from './edit-category-dialog';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { Thumb } from './thumb';
import type { CategoryResponse as Category } from '@/lib/contract/catalog';
import type { Catalog } from './use-catalog';

export function CategoriesTab({ catalog }: { catalog: Catalog }) {
  const confirm = useConfirm();
  const [name, setName] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = catalog.categories.find((c) => c.id === editingId) ?? null;
  // Category names are denormalised into the product list, so both reload.
  const reload = () => Promise.all([catalog.reloadCategories(), catalog.reloadProducts()]).then(() => undefined);

  async function add(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const result = await api.post('/api/categories', { name: trimmed, subcategories: [] });
    if (!result.ok) return toastFailure(result.error, 'Failed to add category');
    toast.success('Category added');
    setName('');
    await catalog.reloadCategories();
  }

  async function remove(category: Category) {
    const ok = await confirm({
      title: 'Delete category',
      message: `Delete "${category.name}"? Its products stay in the shop without a category.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    const result = await api.del(`/api/categories/${category.id}`);
    if (!result.ok) return toastFailure(result.error, 'Delete failed');
    toast.success('Category deleted');
    await reload();
  }

  return (
    <div className="flex flex-col gap-4">
      <Card as="form" className="flex flex-wrap items-end gap-3" onSubmit={(e) => void add(e)}>
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor="new-category" className="text-sm font-medium text-gray-800">
            New category name
          </label>
          <Input id="new-category" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <Button type="submit">Add Category</Button>
      </Card>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Categories">
        {catalog.categories.map((c) => (
          <Card as="li" key={c.id} className="flex items-start gap-4" data-testid="admin-category">
            <Thumb path={c.display_image} size={64} />
            <div className="min-w-0 flex-1">
              <h3 className="font-bold">{c.name}</h3>
              <p className="text-xs text-gray-600">Updated {formatDate(c.updated_at)}</p>
              {c.subcategories.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`${c.name} subcategories`}>
                  {c.subcategories.map((s) => (
                    <li key={s}>
                      <Badge tone="neutral">{s}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="flex flex-col gap-2">
              <Button variant="secondary" size="sm" onClick={() => setEditingId(c.id)} aria-label={`Edit ${c.name}`}>
                Edit
              </Button>
              <Button variant="danger" size="sm" onClick={() => void remove(c)} aria-label={`Delete ${c.name}`}>
                Delete
              </Button>
            </div>
          </Card>
        ))}
      </ul>
      <EditCategoryDialog category={editing} onClose={() => setEditingId(null)} onChanged={reload} />
    </div>
  );
}
