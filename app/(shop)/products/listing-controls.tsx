import { LISTING_SORT_LABELS, LISTING_SORTS } from '@/lib/shop';
import { listingHref, priceParam, type ListingParams } from './listing-href';

// The sort menu and price filter (Decision 088): a plain GET form, so it costs
// no JavaScript and works without it. Hidden fields keep the category,
// subcategory, search and tag the listing already has.
export function ListingControls({ params }: { params: ListingParams }) {
  const control = 'rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900';
  const narrowed = params.sort !== undefined || params.minPriceCents !== undefined || params.maxPriceCents !== undefined;
  const kept = { category: params.category, subcategory: params.category ? params.subcategory : undefined, search: params.search, tag: params.tag };
  return (
    <form action="/products" method="get" aria-label="Sort and price" className="flex flex-wrap items-end gap-2">
      {Object.entries(kept).map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor="listing-sort">Sort by</label>
        <select id="listing-sort" name="sort" defaultValue={params.sort ?? (params.search ? '' : 'newest')} className={control}>
          {params.search && <option value="">Best match</option>}
          {LISTING_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {LISTING_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor="listing-min-price">Min price (AUD)</label>
        <input
          id="listing-min-price"
          type="number"
          name="min_price"
          min={0}
          step="0.01"
          inputMode="decimal"
          defaultValue={params.minPriceCents === undefined ? undefined : priceParam(params.minPriceCents)}
          className={`${control} w-28`}
        />
      </div>
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor="listing-max-price">Max price (AUD)</label>
        <input
          id="listing-max-price"
          type="number"
          name="max_price"
          min={0}
          step="0.01"
          inputMode="decimal"
          defaultValue={params.maxPriceCents === undefined ? undefined : priceParam(params.maxPriceCents)}
          className={`${control} w-28`}
        />
      </div>
      <button type="submit" className="rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white hover:bg-gray-700">
        Apply
      </button>
      {narrowed && (
        <a href={listingHref({ ...kept, page: 1 })} className="px-2 py-2 text-sm font-semibold text-rose-700 underline">
          Clear
        </a>
      )}
    </form>
  );
}

/** Which tag narrows the listing, with the way back to the listing without it. */
export function TagFilterNote({ params }: { params: ListingParams }) {
  return (
    <p className="mb-4 text-sm text-gray-800">
      Tagged <span className="rounded-full bg-gray-100 px-2 py-0.5 font-medium">#{params.tag}</span>{' '}
      <a href={listingHref({ ...params, tag: undefined, page: 1 })} className="font-semibold text-rose-700 underline">
        Remove tag
      </a>
    </p>
  );
}
