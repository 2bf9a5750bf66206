import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { CategoryPicker, FilterForm, type KeptFilters } from './filter-controls';
import { priceParam } from './listing-href';

type Props = {
  categories: { name: string; subcategories: string[] }[];
  category: string;
  subcategory: string;
  search: string;
  /** The tag, order and price range, kept when the search or category changes. */
  keep?: KeptFilters;
};

/**
 * Search box and searchable category/subcategory pickers (SPEC §2, §4). Server
 * markup in a plain GET form: without JavaScript the search still works within
 * the chosen category. The browser code is only what acts: the form's submit
 * and the pickers' controls (filter-controls.tsx), whose Combobox loads when the
 * shopper reaches for it (LazyComboboxControl).
 */
export function ProductFilters({ categories, category, subcategory, search, keep = {} }: Props) {
  const subcategories = categories.find((c) => c.name === category)?.subcategories ?? [];
  return (
    <FilterForm keep={keep}>
      {/* Without JavaScript the form submits these too. */}
      {keep.tag && <input type="hidden" name="tag" value={keep.tag} />}
      {keep.sort && <input type="hidden" name="sort" value={keep.sort} />}
      {keep.minPriceCents !== undefined && <input type="hidden" name="min_price" value={priceParam(keep.minPriceCents)} />}
      {keep.maxPriceCents !== undefined && <input type="hidden" name="max_price" value={priceParam(keep.maxPriceCents)} />}
      <div className="min-w-60 flex-1">
        <TextField id="filter-search" label="Search" type="search" name="search" defaultValue={search} placeholder="Search products..." maxLength={100} />
      </div>
      <Field id="filter-category" labelId="filter-category-label" label="Category" className="w-56">
        {() => <CategoryPicker options={categories.map((c) => c.name)} category={category} value={category} keep={keep} />}
      </Field>
      {subcategories.length > 0 && (
        <Field id="filter-subcategory" labelId="filter-subcategory-label" label="Subcategory" className="w-56">
          {() => <CategoryPicker options={subcategories} category={category} value={subcategory} keep={keep} subcategory />}
        </Field>
      )}
      <Button type="submit" variant="dark">
        Search
      </Button>
      {(category || subcategory) && (
        <Button type="submit" variant="secondary" name="clear" value="categories">
          Back to All Categories
        </Button>
      )}
    </FilterForm>
  );
}
