'use client';

import { useState } from 'react';
import { Autocomplete } from '@/components/ui/autocomplete';
import { Chip } from '@/components/ui/chip';
import type { CategoryResponse as Category } from '@/lib/contract/catalog';

const MAX_SUGGESTIONS = 20;

/**
 * Several categories picked by typing part of a name: the shop's categories are
 * all loaded already, so the search is local. The chosen ones are chips the
 * owner removes one by one.
 */
export function CategoryPicker({
  value,
  onChange,
  categories,
  label = 'Categories',
}: {
  value: string[];
  onChange: (next: string[]) => void;
  categories: Category[];
  label?: string;
}) {
  const [text, setText] = useState('');
  const typed = text.trim().toLowerCase();
  const suggestions = categories
    .filter((c) => !typed || c.name.toLowerCase().includes(typed))
    .slice(0, MAX_SUGGESTIONS)
    .map((c) => ({ value: c.id, label: c.name, disabled: value.includes(c.id) }));
  const names = new Map(categories.map((c) => [c.id, c.name]));

  return (
    <div className="flex flex-col gap-2">
      <Autocomplete
        label={label}
        listLabel="Matching categories"
        type="search"
        placeholder="Search categories to add..."
        text={text}
        onTextChange={setText}
        suggestions={suggestions}
        onPick={(picked) => !value.includes(picked.value) && onChange([...value, picked.value])}
        noMatches={categories.length === 0 ? 'No categories yet' : 'No categories found'}
      />
      {value.length === 0 ? (
        <p className="text-sm text-gray-600">No categories chosen yet.</p>
      ) : (
        <ul aria-label="Categories the code applies to" className="flex flex-wrap gap-1">
          {value.map((id) => {
            const name = names.get(id) ?? id;
            return (
              <li key={id}>
                <Chip onRemove={() => onChange(value.filter((c) => c !== id))} removeLabel={`Remove category ${name}`}>
                  {name}
                </Chip>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
