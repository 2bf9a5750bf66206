'use client';

import { Combobox } from '@/components/ui/combobox';
import { TextField } from '@/components/ui/field';
import type { CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';
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
      <Combobox
        id={`${idPrefix}-category`}
        label="Category"
        required
        placeholder="Choose a category"
        options={categories.map((c) => c.name)}
        value={value.category}
        onChange={(category) => onChange({ ...value, category, subcategory: '' })}
      />
      <Combobox
        id={`${idPrefix}-subcategory`}
        label="Subcategory (optional)"
        disabled={!value.category || subcategories.length === 0}
        emptyOption="None"
        options={subcategories}
        value={value.subcategory}
        onChange={(subcategory) => onChange({ ...value, subcategory })}
      />
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
