'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { LazyCombobox } from '@/components/ui/lazy-combobox';
import { listingHref } from './listing-href';

type Props = {
  categories: { name: string; subcategories: string[] }[];
  category: string;
  subcategory: string;
  search: string;
};

/**
 * Search box and searchable category/subcategory pickers (SPEC §2, §4). It is
 * a plain GET form: without JavaScript the search still works within the
 * chosen category; with it, picking a category navigates at once. The pickers
 * load their code when the shopper reaches for them (LazyCombobox).
 */
export function ProductFilters({ categories, category, subcategory, search }: Props) {
  const [pending, setPending] = useState(false);
  const [query, setQuery] = useState(search);
  const subcategories = categories.find((c) => c.name === category)?.subcategories ?? [];

  // A full page load, not router.push: middleware rewrites /products?… URLs, and the
  // client router would answer a soft navigation from its cached static /products.
  const go = (next: { category?: string; subcategory?: string; search?: string }) => {
    setPending(true);
    window.location.assign(listingHref({ ...next, page: 1 }));
  };

  return (
    <form
      action="/products"
      method="get"
      role="search"
      className="my-8 flex flex-wrap items-end gap-3"
      aria-busy={pending}
      onSubmit={(e) => {
        e.preventDefault();
        go({ category, subcategory, search: query.trim() });
      }}
    >
      <div className="min-w-60 flex-1">
        <TextField
          id="filter-search"
          label="Search"
          type="search"
          name="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search products..."
          maxLength={100}
        />
      </div>
      <div className="w-56">
        <LazyCombobox
          id="filter-category"
          label="Category"
          name="category"
          options={categories.map((c) => c.name)}
          emptyOption="All Categories"
          value={category}
          onChange={(next) => go({ category: next, search: query.trim() })}
        />
      </div>
      {subcategories.length > 0 && (
        <div className="w-56">
          <LazyCombobox
            id="filter-subcategory"
            label="Subcategory"
            name="subcategory"
            options={subcategories}
            emptyOption="All Subcategories"
            value={subcategory}
            onChange={(next) => go({ category, subcategory: next, search: query.trim() })}
          />
        </div>
      )}
      <Button type="submit" variant="dark">
        Search
      </Button>
      {(category || subcategory) && (
        <Button variant="secondary" onClick={() => go({ search: query.trim() })}>
          Back to All Categories
        </Button>
      )}
    </form>
  );
}
