import 'server-only';
import type { DiscountCodeCreate, DiscountCodeResponse, DiscountCodeUpdate } from '@/lib/contract/discounts';
import { codeProblem, DISCOUNT_MESSAGES, type DiscountCodeInput, type DiscountCodeView } from '@/lib/domain/discounts';
import { centsToDollars, dollarsToCents } from '@/lib/format';
import { isoOrNull } from './dates';

const STATUS: Record<string, DiscountCodeResponse['status']> = {
  [DISCOUNT_MESSAGES.disabled]: 'disabled',
  [DISCOUNT_MESSAGES.notStarted]: 'scheduled',
  [DISCOUNT_MESSAGES.expired]: 'expired',
  [DISCOUNT_MESSAGES.usedUp]: 'used_up',
};

export function toDiscountCodeResponse(d: DiscountCodeView, now: Date = new Date()): DiscountCodeResponse {
  const problem = codeProblem(d, now);
  return {
    id: d.id,
    code: d.code,
    type: d.type,
    value: d.type === 'percentage' ? (d.valueBasisPoints ?? 0) / 100 : centsToDollars(d.valueCents ?? 0),
    applies_to: d.scope,
    category_ids: d.categoryIds,
    product_ids: d.productIds,
    products: d.products.map((p) => ({ id: p.id, title: p.title, is_bundle: p.isBundle })),
    starts_at: isoOrNull(d.startsAt),
    ends_at: isoOrNull(d.endsAt),
    max_uses: d.maxUses,
    max_uses_per_customer: d.maxUsesPerCustomer,
    min_subtotal: d.minSubtotalCents === null ? null : centsToDollars(d.minSubtotalCents),
    new_customers_only: d.newCustomersOnly,
    applies_to_sale_items: d.appliesToSaleItems,
    enabled: d.enabled,
    status: problem ? STATUS[problem] : 'active',
    description: d.description,
    uses: d.uses,
    orders: d.stats.orders,
    revenue: centsToDollars(d.stats.revenueCents),
    discount_given: centsToDollars(d.stats.discountCents),
    deletable: !d.used,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

/** The request's fields in the domain's words; an absent field stays absent (PUT changes only what it names). */
export function toDiscountCodeInput(body: DiscountCodeCreate | DiscountCodeUpdate): DiscountCodeInput {
  return {
    code: body.code,
    type: body.type,
    value: body.value,
    scope: body.applies_to,
    categoryIds: body.category_ids,
    productIds: body.product_ids,
    startsAt: body.starts_at,
    endsAt: body.ends_at,
    maxUses: body.max_uses,
    maxUsesPerCustomer: body.max_uses_per_customer,
    minSubtotalCents: body.min_subtotal === undefined || body.min_subtotal === null ? body.min_subtotal : dollarsToCents(body.min_subtotal),
    newCustomersOnly: body.new_customers_only,
    appliesToSaleItems: body.applies_to_sale_items,
    enabled: body.enabled,
    description: body.description,
  };
}
