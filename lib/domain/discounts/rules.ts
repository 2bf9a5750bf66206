// Discount-code rules (Decision 090): pure, in whole cents. Each refusal names
// the rule it failed in words for the shopper, so the cart can say which.
import { formatPercent } from '@/lib/domain/vouchers';
import { formatAud } from '@/lib/format';

export type DiscountScope = 'cart' | 'categories' | 'products' | 'membership';

export type DiscountRules = {
  code: string;
  type: 'percentage' | 'fixed_amount';
  valueBasisPoints: number | null;
  valueCents: number | null;
  scope: DiscountScope;
  categoryIds: string[];
  productIds: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  uses: number;
  maxUsesPerCustomer: number | null;
  minSubtotalCents: number | null;
  newCustomersOnly: boolean;
  appliesToSaleItems: boolean;
  enabled: boolean;
};

export const DISCOUNT_MESSAGES = {
  invalid: 'Invalid discount code',
  disabled: 'This discount code has been disabled',
  notStarted: 'This discount code is not active yet',
  expired: 'This discount code has expired',
  usedUp: 'This discount code has been used up',
  usedByYou: 'You have already used this discount code',
  newCustomersOnly: 'This discount code is for new customers only',
  needsEmail: 'Enter your email address to use this discount code',
  nothingApplies: 'This discount code does not apply to anything in your cart',
  membershipOnly: 'This discount code is for memberships: enter it on the Membership page',
  notForMembership: 'This discount code does not apply to memberships',
  minimum: (cents: number) => `This discount code needs a subtotal of at least ${formatAud(cents)}`,
} as const;

/** Why the code cannot be used at `now` whatever the cart: disabled, not started, expired or used up. */
export function codeProblem(rules: DiscountRules, now: Date = new Date()): string | null {
  if (!rules.enabled) return DISCOUNT_MESSAGES.disabled;
  if (rules.startsAt && rules.startsAt.getTime() > now.getTime()) return DISCOUNT_MESSAGES.notStarted;
  if (rules.endsAt && rules.endsAt.getTime() <= now.getTime()) return DISCOUNT_MESSAGES.expired;
  if (rules.maxUses !== null && rules.uses >= rules.maxUses) return DISCOUNT_MESSAGES.usedUp;
  return null;
}

/** Whether the code asks who the customer is: a per-customer cap or new customers only. */
export const needsIdentity = (rules: Pick<DiscountRules, 'maxUsesPerCustomer' | 'newCustomersOnly'>) =>
  rules.maxUsesPerCustomer !== null || rules.newCustomersOnly;

export type DiscountLine = { productId: string; categoryId: string | null; onSale: boolean; priceCents: number };

/** Whether a cart line is one the code takes money off. */
export function isEligibleLine(rules: DiscountRules, line: Omit<DiscountLine, 'priceCents'>): boolean {
  if (line.onSale && !rules.appliesToSaleItems) return false;
  switch (rules.scope) {
    case 'cart':
      return true;
    case 'categories':
      return line.categoryId !== null && rules.categoryIds.includes(line.categoryId);
    case 'products':
      return rules.productIds.includes(line.productId);
    case 'membership':
      return false;
  }
}

/** a × b / c rounded half up, exact in integers (12.5 % of 1,999 cents = 249.875 → 250). */
const mulDivRound = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

/** The discount on `eligibleCents`: never negative, never more than it. */
export function discountOnCents(rules: Pick<DiscountRules, 'type' | 'valueBasisPoints' | 'valueCents'>, eligibleCents: number): number {
  const base = Math.max(0, Math.round(eligibleCents));
  const discount =
    rules.type === 'percentage' ? mulDivRound(base, Math.min(Math.max(rules.valueBasisPoints ?? 0, 0), 10_000), 10_000) : Math.max(0, rules.valueCents ?? 0);
  return Math.min(discount, base);
}

/** Why the code does not apply to this cart (its subtotal and the lines it covers); null when it does. */
export function cartProblem(rules: DiscountRules, cart: { subtotalCents: number; eligibleCount: number }): string | null {
  if (rules.scope === 'membership') return DISCOUNT_MESSAGES.membershipOnly;
  if (rules.minSubtotalCents !== null && cart.subtotalCents < rules.minSubtotalCents) return DISCOUNT_MESSAGES.minimum(rules.minSubtotalCents);
  if (cart.eligibleCount === 0) return DISCOUNT_MESSAGES.nothingApplies;
  return null;
}

const SCOPE_TEXT: Record<DiscountScope, string> = {
  cart: '',
  categories: ' selected categories',
  products: ' selected items',
  membership: ' the first membership period',
};

/** "20% off selected categories (not items already on sale)", "10.00 AUD off". */
export function describeDiscount(rules: Pick<DiscountRules, 'type' | 'valueBasisPoints' | 'valueCents' | 'scope' | 'appliesToSaleItems'>): string {
  const value = rules.type === 'percentage' ? `${formatPercent(rules.valueBasisPoints ?? 0)}% off` : `${formatAud(rules.valueCents ?? 0)} off`;
  const sale = rules.scope !== 'membership' && !rules.appliesToSaleItems ? ' (not items already on sale)' : '';
  return `${value}${SCOPE_TEXT[rules.scope]}${sale}`;
}

/**
 * The key a guest's per-customer uses are counted by: trimmed and lower-cased,
 * without a "+tag", and for Gmail without dots, so one mailbox is one customer.
 */
export function normalizeEmail(email: string): string {
  const [local, domain] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  if (!domain) return email.trim().toLowerCase();
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const base = local.split('+')[0] || local;
  return `${gmail ? base.replace(/\./g, '') : base}@${gmail ? 'gmail.com' : domain}`;
}

/** Codes the owner chooses: 3–40 letters, digits or dashes, compared upper-case. */
export const CODE_PATTERN = /^[A-Z0-9-]{3,40}$/;
