'use client';

import { useState } from 'react';
import { listingHref, priceParam, type ListingParams } from './listing-href';

type Props = {
  categories: { name: string; subcategories: string[] }[];
  category: string;
  subcategory: string;
  search: string;
  /** The tag, order and price range, kept when the search or category changes. */
  keep?: Pick<ListingParams, 'tag' | 'sort' | 'minPriceCents' | 'maxPriceCents'>;
};

/**
 * Search box and category/subcategory dropdowns. It is a plain GET form, so it
 * works without JavaScript; with it, dropdown changes navigate at once.
 */
export function ProductFilters({ categories, category, subcategory, search, keep = {} }: Props) {
  const [pending, setPending] = useState(false);
  const [query, setQuery] = useState(search);
  const subcategories = categories.find((c) => c.name === category)?.subcategories ?? [];

  // A full page load, not router.push: middleware rewrites /products?… URLs, and the
  // client router would answer a soft navigation from its cached static /products.
  const go = (next: { category?: string; subcategory?: string; search?: string }) => {
    setPending(true);
    window.location.assign(listingHref({ ...keep, ...next, page: 1 }));
  };

  const control = 'rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900';
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
      {/* Without JavaScript the form submits these too. */}
      {keep.tag && <input type="hidden" name="tag" value={keep.tag} />}
      {keep.sort && <input type="hidden" name="sort" value={keep.sort} />}
      {keep.minPriceCents !== undefined && <input type="hidden" name="min_price" value={priceParam(keep.minPriceCents)} />}
      {keep.maxPriceCents !== undefined && <input type="hidden" name="max_price" value={priceParam(keep.maxPriceCents)} />}
      <div className="flex min-w-60 flex-1 flex-col gap-1 text-sm font-medium">
        <label htmlFor="filter-search">Search</label>
        <input
          id="filter-search"
          type="search"
          name="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search products..."
          maxLength={100}
          className={control}
        />
      </div>
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor="filter-category">Category</label>
        <select
          id="filter-category"
          name="category"
          value={category}
          className={control}
          onChange={(e) => go({ category: e.target.value, search: query.trim() })}
        >
          <option value="">All Categories</option>
          {categories.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {subcategories.length > 0 && (
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="filter-subcategory">Subcategory</label>
          <select
            id="filter-subcategory"
            name="subcategory"
            value={subcategory}
            className={control}
            onChange={(e) => go({ category, subcategory: e.target.value, search: query.trim() })}
          >
            <option value="">All Subcategories</option>
            {subcategories.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className="rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white hover:bg-gray-700">
        Search
      </button>
      {(category || subcategory) && (
        <button
          type="button"
          className="rounded-lg border border-gray-300 px-4 py-2 font-semibold hover:bg-gray-100"
          onClick={() => go({ search: query.trim() })}
        >
          Back to All Categories
        </button>
      )}
    </form>
  );
}
