// Discount codes for campaigns (Decision 090): codes the owner makes for
// everyone who meets their rules (dates, caps, scope, minimum, new customers),
// unlike gift vouchers, which belong to one customer. A use is reserved while a
// checkout is open, under the code's row lock, and given back if it lapses: the
// total cap and each customer's cap hold however many checkouts run at once.
export { createDiscountCode, deleteDiscountCode, updateDiscountCode, type DiscountCodeInput } from './admin';
export { discountStats, getDiscountCodeView, listDiscountCodes, type DiscountCodeStats, type DiscountCodeView } from './list';
export { createPromoCode, deactivatePromoCode, listPromoCodes, type PromoCode } from './promo-codes';
export { confirmDiscount, customerProblem, findDiscountCode, lockUsableDiscount, releaseDiscount, reserveDiscount, type CustomerIdentity } from './redemptions';
export {
  cartProblem,
  codeProblem,
  describeDiscount,
  DISCOUNT_MESSAGES,
  discountOnCents,
  isEligibleLine,
  needsIdentity,
  normalizeEmail,
  type DiscountLine,
  type DiscountRules,
  type DiscountScope,
} from './rules';
export type { DiscountCode } from '@/lib/infra/db';
