'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
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
      <Card as="form" className="flex flex-wrap items-end gap-3" onSubmit={(e) => void add(e)}>
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor="new-tag" className="text-sm font-medium text-gray-800">
            New tag
          </label>
          <Input id="new-tag" required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <Button type="submit">Add Tag</Button>
      </Card>
      <Card>
        {catalog.tags.length === 0 ? (
          <p className="text-gray-700">No tags yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {catalog.tags.map((t) => (
              <li key={t.id}>
                <Chip onRemove={() => void remove(t)} removeLabel={`Delete tag ${t.name}`}>
                  {t.name}
                </Chip>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
