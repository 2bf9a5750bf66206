'use client';

import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { ImageReplace } from './image-replace';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Input, TextField } from '@/components/ui/field';
import { Chip } from '@/components/ui/chip';
import type { CategoryResponse as Category } from '@/lib/contract/catalog';

type Props = { category: Category | null; onClose: () => void; onChanged: () => Promise<void> };

export function EditCategoryDialog({ category, onClose, onChanged }: Props) {
  return (
    <Dialog open={category !== null} title="Edit Category" onClose={onClose}>
      {category && <EditCategoryForm key={category.id} category={category} onClose={onClose} onChanged={onChanged} />}
      {category && <ImageReplace key={`image-${category.id}`} endpoint={`/api/categories/${category.id}/image`} label="Display image" onChanged={onChanged} />}
    </Dialog>
  );
}

/** Subcategories are added and deleted on the server at once; Save renames the category. */
function EditCategoryForm({ category, onClose, onChanged }: Omit<Props, 'category'> & { category: Category }) {
  const confirm = useConfirm();
  const [name, setName] = useState(category.name);
  const [subcategories, setSubcategories] = useState(category.subcategories);
  const [newSub, setNewSub] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `/api/categories/${category.id}`;

  async function addSubcategory() {
    const sub = newSub.trim();
    if (!sub) return;
    const result = await api.form<{ subcategories: string[] }>(`${base}/subcategories`, { subcategory_name: sub });
    if (!result.ok) return toastFailure(result.error, 'Failed to add subcategory');
    setSubcategories(result.body.subcategories);
    setNewSub('');
    await onChanged();
  }

  async function deleteSubcategory(sub: string) {
    const ok = await confirm({
      title: 'Delete subcategory',
      message: `Delete "${sub}"? Its products stay in ${category.name} without a subcategory.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    const result = await api.del<{ subcategories: string[] }>(`${base}/subcategories/${encodeURIComponent(sub)}`);
    if (!result.ok) return toastFailure(result.error, 'Failed to delete subcategory');
    setSubcategories(result.body.subcategories);
    toast.success('Subcategory deleted');
    await onChanged();
  }

  function onSubKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the subcategory instead of submitting the whole form.
    event.preventDefault();
    void addSubcategory();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.put(base, { name: name.trim(), subcategories });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to create category');
    toast.success('Category updated');
    await onChanged();
    onClose();
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void save(e)}>
      <TextField id="edit-category-name" label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
      <div>
        <p className="text-sm font-medium text-gray-800">Subcategories</p>
        {subcategories.length === 0 ? (
          <p className="mt-1 text-sm text-gray-700">None yet.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Subcategories">
            {subcategories.map((sub) => (
              <li key={sub}>
                <Chip onRemove={() => void deleteSubcategory(sub)} removeLabel={`Delete subcategory ${sub}`}>
                  {sub}
                </Chip>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="new-subcategory" className="text-sm font-medium text-gray-800">
            New subcategory
          </label>
          <Input
            id="new-subcategory"
            value={newSub}
            onChange={(e) => setNewSub(e.target.value)}
            onKeyDown={onSubKeyDown}
            placeholder="Type a name and press Enter"
          />
        </div>
        <Button variant="secondary" onClick={() => void addSubcategory()}>
          Add
        </Button>
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
