import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-controls';
import { LISTING_SORT_LABELS, LISTING_SORTS } from '@/lib/shop';
import { listingHref, priceParam, type ListingParams } from './listing-href';

// The sort menu and price filter (Decision 088): a plain GET form, so it costs
// no JavaScript and works without it. Hidden fields keep the category,
// subcategory, search and tag the listing already has.
export function ListingControls({ params }: { params: ListingParams }) {
  const narrowed = params.sort !== undefined || params.minPriceCents !== undefined || params.maxPriceCents !== undefined;
  const kept = { category: params.category, subcategory: params.category ? params.subcategory : undefined, search: params.search, tag: params.tag };
  return (
    <form action="/products" method="get" aria-label="Sort and price" className="flex flex-wrap items-end gap-2">
      {Object.entries(kept).map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
      <SelectField id="listing-sort" label="Sort by" name="sort" defaultValue={params.sort ?? (params.search ? '' : 'newest')}>
        {params.search && <option value="">Best match</option>}
        {LISTING_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {LISTING_SORT_LABELS[sort]}
          </option>
        ))}
      </SelectField>
      <div className="w-28">
        <TextField
          id="listing-min-price"
          label="Min price (AUD)"
          type="number"
          name="min_price"
          min={0}
          step="0.01"
          inputMode="decimal"
          defaultValue={params.minPriceCents === undefined ? undefined : priceParam(params.minPriceCents)}
        />
      </div>
      <div className="w-28">
        <TextField
          id="listing-max-price"
          label="Max price (AUD)"
          type="number"
          name="max_price"
          min={0}
          step="0.01"
          inputMode="decimal"
          defaultValue={params.maxPriceCents === undefined ? undefined : priceParam(params.maxPriceCents)}
        />
      </div>
      <Button type="submit" variant="dark">
        Apply
      </Button>
      {narrowed && (
        <a href={listingHref({ ...kept, page: 1 })} className="px-2 py-2 text-sm font-semibold text-brand-700 underline">
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
      Tagged <Badge tone="neutral">#{params.tag}</Badge>{' '}
      <a href={listingHref({ ...params, tag: undefined, page: 1 })} className="font-semibold text-brand-700 underline">
        Remove tag
      </a>
    </p>
  );
}
