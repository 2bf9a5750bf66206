// The products CSV layout (Decision 092), one for the export and the import so
// a file exported, edited and imported means the same thing both ways: a fixed
// set of columns, then one `tier_<key>` column per licence tier. Each value is
// written as the owner would type it: dollars with 2 decimals, true/false,
// ISO 8601 dates, tags joined by ", ", a tier's price, "" for the tier's own
// rule, or "off" when the tier is not sold with the item.
import 'server-only';
import { formatAmount } from '@/lib/format';
import type { Prisma } from '@/lib/infra/db';

export const PRODUCT_COLUMNS = [
  'id',
  'kind',
  'title',
  'description',
  'price',
  'on_sale',
  'sale_price',
  'sale_start',
  'sale_end',
  'category',
  'subcategory',
  'tags',
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

export const TIER_COLUMN_PREFIX = 'tier_';
export const tierColumn = (key: string) => `${TIER_COLUMN_PREFIX}${key}`;
export const TIER_OFF = 'off';
export const TAG_SEPARATOR = ', ';

export type TierPrice = { priceCents: number | null; offered: boolean };

/** A product as the CSV sees it. */
export type ProductState = {
  id: string;
  isBundle: boolean;
  title: string;
  description: string;
  priceCents: number;
  onSale: boolean;
  salePriceCents: number | null;
  saleStart: Date | null;
  saleEnd: Date | null;
  category: string | null;
  subcategory: string | null;
  tags: string[];
  /** By tier key; a tier with no entry follows its own rule. */
  tierPrices: Map<string, TierPrice>;
};

export const PRODUCT_STATE_SELECT = {
  id: true,
  isBundle: true,
  title: true,
  description: true,
  priceCents: true,
  onSale: true,
  salePriceCents: true,
  saleStart: true,
  saleEnd: true,
  subcategory: true,
  tags: true,
  category: { select: { name: true } },
  licencePrices: { select: { priceCents: true, offered: true, tier: { select: { key: true } } } },
} satisfies Prisma.ProductSelect;

export function toProductState(row: Prisma.ProductGetPayload<{ select: typeof PRODUCT_STATE_SELECT }>): ProductState {
  const { category, licencePrices, ...rest } = row;
  return {
    ...rest,
    category: category?.name ?? null,
    tierPrices: new Map(licencePrices.map((l) => [l.tier.key, { priceCents: l.priceCents, offered: l.offered }])),
  };
}

export const moneyText = (cents: number | null) => (cents === null ? '' : formatAmount(cents));
export const dateText = (at: Date | null) => (at === null ? '' : at.toISOString());
export const tagsText = (tags: string[]) => tags.join(TAG_SEPARATOR);
export function tierText(price: TierPrice | undefined): string {
  if (!price) return '';
  if (!price.offered) return TIER_OFF;
  return moneyText(price.priceCents);
}

/** Every column's text for this product: the export's cells and the "from" of an import's change. */
export function productCells(p: ProductState, tierKeys: readonly string[]): Record<string, string> {
  const cells: Record<string, string> = {
    id: p.id,
    kind: p.isBundle ? 'bundle' : 'product',
    title: p.title,
    description: p.description,
    price: moneyText(p.priceCents),
    on_sale: String(p.onSale),
    sale_price: moneyText(p.salePriceCents),
    sale_start: dateText(p.saleStart),
    sale_end: dateText(p.saleEnd),
    category: p.category ?? '',
    subcategory: p.subcategory ?? '',
    tags: tagsText(p.tags),
  };
  for (const key of tierKeys) cells[tierColumn(key)] = tierText(p.tierPrices.get(key));
  return cells;
}
