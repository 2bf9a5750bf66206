// One row of a products CSV against the product it names: the state the row
// asks for, the columns whose text changes (old and new), and every problem by
// column. The same checks as the edit dialog (priceRuleProblem, categories and
// subcategories that exist, a tier left on sale). Pure.
import { priceRuleProblem } from '@/lib/domain/catalog';
import { productCells, TIER_COLUMN_PREFIX, type ProductState } from '@/lib/domain/exports';
import { booleanCell, dateCell, moneyCell, tagsCell, textCell, tierCell, type Cell } from './cells';

export type ImportContext = {
  /** Category name → its subcategories. */
  categories: Map<string, string[]>;
  /** Every tier in order; a retired one is no longer sold. */
  tiers: { key: string; retired: boolean }[];
  now: number;
};

export type RowDiff = { next: ProductState; changes: Record<string, { from: string; to: string }>; errors: { column: string; message: string }[] };

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 5000;

export function diffRow(cells: Record<string, string>, current: ProductState, context: ImportContext): RowDiff {
  const errors: RowDiff['errors'] = [];
  const next: ProductState = { ...current, tierPrices: new Map(current.tierPrices) };
  const read = <T>(column: string, parse: (raw: string) => Cell<T>, set: (value: T) => void) => {
    if (!(column in cells)) return;
    const cell = parse(cells[column]);
    if (cell.ok) set(cell.value);
    else errors.push({ column, message: cell.message });
  };

  if ('kind' in cells && cells.kind.trim() !== (current.isBundle ? 'bundle' : 'product')) {
    errors.push({ column: 'kind', message: `Cannot be changed: this is a ${current.isBundle ? 'bundle' : 'product'}` });
  }
  read('title', textCell, (v) => {
    const title = v.trim();
    if (title === '' || title.length > MAX_TITLE) errors.push({ column: 'title', message: `A title is 1 to ${MAX_TITLE} characters` });
    else next.title = title;
  });
  read('description', textCell, (v) => {
    if (v.length > MAX_DESCRIPTION) errors.push({ column: 'description', message: `A description is at most ${MAX_DESCRIPTION} characters` });
    else next.description = v;
  });
  read(
    'price',
    (raw) => moneyCell(raw),
    (v) => (next.priceCents = v!),
  );
  read(
    'sale_price',
    (raw) => moneyCell(raw, null),
    (v) => (next.salePriceCents = v),
  );
  read('on_sale', booleanCell, (v) => (next.onSale = v));
  read('sale_start', dateCell, (v) => (next.saleStart = v));
  read('sale_end', dateCell, (v) => (next.saleEnd = v));
  read('tags', tagsCell, (v) => (next.tags = v));
  readCategory(cells, current, next, context, errors);
  for (const column of Object.keys(cells).filter((c) => c.startsWith(TIER_COLUMN_PREFIX))) {
    const key = column.slice(TIER_COLUMN_PREFIX.length);
    read(column, tierCell, (v) => (v === undefined ? next.tierPrices.delete(key) : next.tierPrices.set(key, v)));
  }

  const tierKeys = context.tiers.map((t) => t.key);
  const before = productCells(current, tierKeys);
  const after = productCells(next, tierKeys);
  const changes: RowDiff['changes'] = {};
  for (const column of Object.keys(after)) if (before[column] !== after[column]) changes[column] = { from: before[column], to: after[column] };
  // The rules hold for what a row changes; an untouched product is left as it is.
  if (Object.keys(changes).length > 0 && errors.length === 0) errors.push(...ruleErrors(next, context));
  return { next, changes, errors };
}

function readCategory(cells: Record<string, string>, current: ProductState, next: ProductState, context: ImportContext, errors: RowDiff['errors']) {
  if ('category' in cells) {
    const text = textCell(cells.category.trim());
    if (!text.ok) errors.push({ column: 'category', message: text.message });
    else if (text.value !== '' && !context.categories.has(text.value)) errors.push({ column: 'category', message: `Unknown category: ${text.value}` });
    else {
      next.category = text.value || null;
      // A category change resets the subcategory unless a valid one comes with it (as the edit dialog does).
      if (next.category !== current.category && !('subcategory' in cells)) next.subcategory = null;
    }
  }
  if ('subcategory' in cells) {
    const text = textCell(cells.subcategory.trim());
    if (!text.ok) return errors.push({ column: 'subcategory', message: text.message });
    const allowed = next.category ? (context.categories.get(next.category) ?? []) : [];
    if (text.value !== '' && !allowed.includes(text.value)) {
      errors.push({ column: 'subcategory', message: `Unknown subcategory of ${next.category ?? 'no category'}: ${text.value}` });
    } else next.subcategory = text.value || null;
  }
}

function ruleErrors(next: ProductState, context: ImportContext): RowDiff['errors'] {
  const errors: RowDiff['errors'] = [];
  const problem = priceRuleProblem(next, context.now);
  if (problem) errors.push({ column: problem.field, message: problem.message });
  const selling = context.tiers.filter((t) => !t.retired);
  if (selling.length > 0 && selling.every((t) => next.tierPrices.get(t.key)?.offered === false)) {
    errors.push({ column: `${TIER_COLUMN_PREFIX}${selling[0].key}`, message: 'At least one licence tier must stay on sale' });
  }
  return errors;
}
