'use client';

import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { api, toastFailure } from './session';
import { useConfirm } from './confirm';
import { button, card, chip, input } from './styles';
import type { TagResponse as Tag } from '@/lib/contract/catalog';
import type { Catalog } from './use-catalog';

export function TagsTab({ catalog }: { catalog: Catalog }) {
  const confirm = useConfirm();
  const [name, setName] = useState('');

  async function add(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const result = await api.post('/api/tags', { name: trimmed });
    if (!result.ok) return toastFailure(result.error, 'Failed to add tag');
    toast.success('Tag added');
    setName('');
    await catalog.reloadTags();
  }

  async function remove(tag: Tag) {
    const ok = await confirm({ title: 'Delete tag', message: `Delete the tag "${tag.name}"? It is also taken off every product.`, confirmLabel: 'Delete' });
    if (!ok) return;
    const result = await api.del(`/api/tags/${tag.id}`);
    if (!result.ok) return toastFailure(result.error, 'Delete failed');
    toast.success('Tag deleted');
    await Promise.all([catalog.reloadTags(), catalog.reloadProducts()]);
  }

  return (
    <div className="flex flex-col gap-4">
      <form className={`${card} flex flex-wrap items-end gap-3`} onSubmit={(e) => void add(e)}>
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor="new-tag" className="text-sm font-medium text-gray-800">
            New tag
          </label>
          <input id="new-tag" className={input} required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className={button.primary}>
          Add Tag
        </button>
      </form>
      <div className={card}>
        {catalog.tags.length === 0 ? (
          <p className="text-gray-700">No tags yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {catalog.tags.map((t) => (
              <li key={t.id} className={chip}>
                {t.name}
                <button
                  type="button"
                  onClick={() => void remove(t)}
                  aria-label={`Delete tag ${t.name}`}
                  className="rounded-full px-1 text-gray-600 hover:bg-gray-200 hover:text-red-700"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
