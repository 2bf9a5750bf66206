'use client';

import { SelectField, TextField } from '../field';
import type { CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';
import { NameOptions } from '../name-options';
import { TagInput } from '../tag-input';

export type CategoryValue = { price: string; category: string; subcategory: string; tags: string[] };

export const EMPTY_CATEGORY_VALUE: CategoryValue = { price: '', category: '', subcategory: '', tags: [] };

/** Price, category, dependent subcategory and tags: the fields both upload modes share (SPEC §5). */
export function CategoryFields({
  idPrefix,
  categories,
  vocabulary,
  value,
  onChange,
}: {
  idPrefix: string;
  categories: Category[];
  /** The Tags tab's tags, offered as the owner types. */
  vocabulary: Tag[];
  value: CategoryValue;
  onChange: (next: CategoryValue) => void;
}) {
  const subcategories = categories.find((c) => c.name === value.category)?.subcategories ?? [];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField
        id={`${idPrefix}-price`}
        label="Price (AUD)"
        type="number"
        min="0"
        step="0.01"
        required
        value={value.price}
        onChange={(e) => onChange({ ...value, price: e.target.value })}
      />
      <SelectField
        id={`${idPrefix}-category`}
        label="Category"
        required
        value={value.category}
        onChange={(e) => onChange({ ...value, category: e.target.value, subcategory: '' })}
      >
        <NameOptions placeholder="Choose a category" names={categories.map((c) => c.name)} />
      </SelectField>
      <SelectField
        id={`${idPrefix}-subcategory`}
        label="Subcategory (optional)"
        disabled={!value.category || subcategories.length === 0}
        value={value.subcategory}
        onChange={(e) => onChange({ ...value, subcategory: e.target.value })}
      >
        <NameOptions placeholder="None" names={subcategories} />
      </SelectField>
      <TagInput label="Tags" hint="Comma-separated" vocabulary={vocabulary} value={value.tags} onChange={(tags) => onChange({ ...value, tags })} />
    </div>
  );
}

export function appendCategoryFields(body: FormData, value: CategoryValue): void {
  body.append('price', value.price);
  body.append('category', value.category);
  if (value.subcategory) body.append('subcategory', value.subcategory);
  // The form field of SPEC §7 stays one comma-separated text.
  body.append('tags', value.tags.join(', '));
}
