// POST /validate-discount: whether a code applies to this cart, and what it
// takes off, by the rules checkout applies (checkout checks them all again,
// under the code's lock). Each refusal names its rule.
import 'server-only';
import {
  cartProblem,
  codeProblem,
  customerProblem,
  describeDiscount,
  DISCOUNT_MESSAGES,
  discountOnCents,
  needsIdentity,
  type DiscountCode,
} from '@/lib/domain/discounts';
import { type LicenceLineRequest } from '@/lib/domain/licences';
import { normalizeCode, validateVoucher, type DiscountValidation } from '@/lib/domain/vouchers';
import { db } from '@/lib/infra/db';
import { creditCartItems, findCartItems, licenseCartItems } from './cart-lines';
import { findAppliedCode } from './codes';
import { priceCart } from './pricing';

export type CodeCheckRequest = {
  code: string;
  /** The spec's client sends only a subtotal (dollars → cents); the shop's cart sends its items. */
  subtotalCents?: number;
  items?: LicenceLineRequest[];
  userId: string | null;
  email: string | null;
};

const APPLIED = 'Discount code applied';

export async function checkDiscountCode(request: CodeCheckRequest): Promise<DiscountValidation> {
  const code = normalizeCode(request.code);
  const now = new Date();
  const cart = request.items?.length ? await priceItems(request.items, request.userId, now) : null;
  const subtotalCents = cart ? priceCart(cart, { now }).subtotalCents : request.subtotalCents;
  const refuse = (message: string): DiscountValidation => ({ valid: false, code, valueCents: subtotalCents ?? 0, discountCents: 0, description: '', message });

  const applied = await findAppliedCode(code);
  if (!applied) return refuse(DISCOUNT_MESSAGES.invalid);
  if (applied.kind === 'voucher') return validateVoucher(applied.voucher, subtotalCents);
  const discount = applied.discount;
  const problem = codeProblem(discount, now) ?? (discount.scope === 'membership' ? DISCOUNT_MESSAGES.membershipOnly : null);
  if (problem) return refuse(problem);
  // A guest who gave no email yet is told at checkout, where the email is asked for.
  const needsEmail = needsIdentity(discount) && !request.userId && !request.email;
  if (!needsEmail) {
    const refusal = await customerProblem(db(), discount, { userId: request.userId, email: request.email });
    if (refusal) return refuse(refusal.message);
  }
  const description = describeDiscount(discount);
  const ok = (discountCents: number, valueCents: number): DiscountValidation => ({
    valid: true,
    code,
    valueCents,
    discountCents,
    description,
    message: APPLIED,
    needsEmail,
  });
  if (cart) {
    const priced = priceCart(cart, { discount, now });
    const issue = cartProblem(discount, { subtotalCents: priced.subtotalCents, eligibleCount: priced.codeLines ?? 0 });
    return issue ? refuse(issue) : ok(priced.discountCents, priced.totalCents);
  }
  return withoutItems(discount, subtotalCents, ok, refuse);
}

/** The cart's items as checkout would price them; items no longer sold are left out rather than refused. */
async function priceItems(items: LicenceLineRequest[], userId: string | null, now: Date) {
  const { requests, ordered } = await findCartItems({ items }, { refuseMissing: false });
  // A code applies after a bundle's credit, as at checkout.
  return creditCartItems(db(), await licenseCartItems(ordered, requests, { userId, member: false, now }), userId, { lock: false });
}

/**
 * Only a subtotal, or nothing (the spec's client): a whole-cart code is priced
 * on the subtotal; a scoped one takes effect at checkout, on the items it covers.
 */
function withoutItems(
  discount: DiscountCode,
  subtotalCents: number | undefined,
  ok: (discountCents: number, valueCents: number) => DiscountValidation,
  refuse: (message: string) => DiscountValidation,
): DiscountValidation {
  if (subtotalCents === undefined) {
    const headline = discount.type === 'fixed_amount' ? (discount.valueCents ?? 0) : 0;
    return ok(headline, headline);
  }
  const issue = cartProblem(discount, { subtotalCents, eligibleCount: 1 });
  if (issue) return refuse(issue);
  if (discount.scope !== 'cart') return ok(0, subtotalCents);
  const discountCents = discountOnCents(discount, subtotalCents);
  return ok(discountCents, subtotalCents - discountCents);
}
