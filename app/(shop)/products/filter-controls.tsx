'use client';

import { useState, type ReactNode } from 'react';
import { LazyComboboxControl } from '@/components/ui/lazy-combobox';
import { listingHref, type ListingParams } from './listing-href';

type Filters = { category?: string; subcategory?: string; search?: string };
/** The tag, order and price range: kept when the search or category changes. */
export type KeptFilters = Pick<ListingParams, 'tag' | 'sort' | 'minPriceCents' | 'maxPriceCents'>;

// A full page load, not router.push: middleware rewrites /products?… URLs, and the
// client router would answer a soft navigation from its cached static /products.
function go(filters: Filters, keep: KeptFilters): void {
  window.location.assign(listingHref({ ...keep, ...filters, page: 1 }));
}

const text = (data: FormData, key: string) => String(data.get(key) ?? '').trim();

/** The filters' form: submitting it goes to the listing's own clean address (listingHref). */
export function FilterForm({ children, keep }: { children: ReactNode; keep: KeptFilters }) {
  const [pending, setPending] = useState(false);
  return (
    <form
      action="/products"
      method="get"
      role="search"
      className="my-8 flex flex-wrap items-end gap-3"
      aria-busy={pending}
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const search = text(data, 'search');
        // Back to All Categories is a submit button too: it keeps the search and clears both pickers.
        const clear = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'clear';
        setPending(true);
        go(clear ? { search } : { category: text(data, 'category'), subcategory: text(data, 'subcategory'), search }, keep);
      }}
    >
      {children}
    </form>
  );
}

type PickerProps = { options: string[]; category: string; value: string; keep: KeptFilters; subcategory?: boolean };

/** The category picker, or with `subcategory` the one within `category`: a pick goes there at once, keeping the search typed so far. */
export function CategoryPicker({ options, category, value, keep, subcategory = false }: PickerProps) {
  const id = subcategory ? 'filter-subcategory' : 'filter-category';
  const searchTyped = () => String((document.getElementById('filter-search') as HTMLInputElement | null)?.value ?? '').trim();
  return (
    <LazyComboboxControl
      id={id}
      label={subcategory ? 'Subcategory' : 'Category'}
      name={subcategory ? 'subcategory' : 'category'}
      options={options}
      emptyOption={subcategory ? 'All Subcategories' : 'All Categories'}
      value={value}
      onChange={(next) => go(subcategory ? { category, subcategory: next, search: searchTyped() } : { category: next, search: searchTyped() }, keep)}
    />
  );
}
