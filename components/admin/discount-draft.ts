// A discount code as the back-office form holds it: every field as typed, times
// as Sydney wall-clock text (what the owner means by "ends at midnight"), and
// the request body the contract expects, with the instant in UTC.
import type { DiscountCodeResponse, DiscountScopeValue } from '@/lib/contract/discounts';
import { zonedDateTime, zonedInputValue } from '@/lib/format';
import type { PickedProduct } from './product-picker';

export type DiscountDraft = {
  code: string;
  type: DiscountCodeResponse['type'];
  value: string;
  appliesTo: DiscountScopeValue;
  categoryIds: string[];
  products: PickedProduct[];
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  minSubtotal: string;
  newCustomersOnly: boolean;
  appliesToSaleItems: boolean;
  description: string;
};

export const emptyDraft = (): DiscountDraft => ({
  code: '',
  type: 'percentage',
  value: '20',
  appliesTo: 'cart',
  categoryIds: [],
  products: [],
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  minSubtotal: '',
  newCustomersOnly: false,
  appliesToSaleItems: false,
  description: '',
});

const text = (n: number | null) => (n === null ? '' : String(n));

export function draftOf(code: DiscountCodeResponse): DiscountDraft {
  return {
    code: code.code,
    type: code.type,
    value: String(code.value),
    appliesTo: code.applies_to,
    categoryIds: code.category_ids,
    products: code.products.map((p) => ({ id: p.id, title: p.title })),
    startsAt: code.starts_at ? zonedInputValue(code.starts_at) : '',
    endsAt: code.ends_at ? zonedInputValue(code.ends_at) : '',
    maxUses: text(code.max_uses),
    maxUsesPerCustomer: text(code.max_uses_per_customer),
    minSubtotal: text(code.min_subtotal),
    newCustomersOnly: code.new_customers_only,
    appliesToSaleItems: code.applies_to_sale_items,
    description: code.description,
  };
}

/** Empty text clears a limit; the server checks the rest and names the field it refuses. */
const instant = (local: string) => (local ? zonedDateTime(local).toISOString() : null);

export function bodyOf(draft: DiscountDraft) {
  return {
    code: draft.code.trim(),
    type: draft.type,
    value: draft.value,
    applies_to: draft.appliesTo,
    category_ids: draft.categoryIds,
    product_ids: draft.products.map((p) => p.id),
    starts_at: instant(draft.startsAt),
    ends_at: instant(draft.endsAt),
    max_uses: draft.maxUses.trim(),
    max_uses_per_customer: draft.maxUsesPerCustomer.trim(),
    min_subtotal: draft.appliesTo === 'membership' ? null : draft.minSubtotal.trim(),
    new_customers_only: draft.newCustomersOnly,
    applies_to_sale_items: draft.appliesTo !== 'membership' && draft.appliesToSaleItems,
    description: draft.description.trim(),
  };
}

export const SCOPE_LABELS: Record<DiscountScopeValue, string> = {
  cart: 'Whole cart',
  categories: 'Categories',
  products: 'Products or bundles',
  membership: "A membership's first period",
};
