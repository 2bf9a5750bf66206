// Checkout: turns a cart into an order. The server prices every item from the
// database at this moment (the browser's prices are ignored), collapses
// duplicates, refuses unknown items, applies a voucher or membership, and
// either fulfils a $0 order at once or opens a payment session.
import 'server-only';
import { cartProblem, lockUsableDiscount, releaseDiscount, reserveDiscount } from '@/lib/domain/discounts';
import { AppError, invalid } from '@/lib/domain/errors';
import { fulfilOrder, newOrderId, ownedProductIds, scheduleOrderLapse } from '@/lib/domain/orders';
import { type LicenceLineRequest } from '@/lib/domain/licences';
import { isActiveMember } from '@/lib/domain/membership';
import { lockUsableVoucher, releaseVoucher, reserveVoucher, voucherProblem } from '@/lib/domain/vouchers';
import { db } from '@/lib/infra/db';
import { createPaymentSession, expirePaymentSession, randomSessionId } from '@/lib/infra/payments';
import { creditCartItems, findCartItems, licenseCartItems } from './cart-lines';
import { findAppliedCode } from './codes';
import { isFreeProduct } from './free-order';
import { lineName, priceCart } from './pricing';

export { MAX_CART_ITEMS } from './cart-lines';
export { createFreeOrderIn, isFreeProduct, priceFreeOrder, type FreeOrderLines, type FreeOrderRequest } from './free-order';
export { checkDiscountCode } from './validate-code';
export { lineName, priceCart, type CartLine, type CartPricing, type PricedProduct } from './pricing';

/**
 * How long a shopper has to pay; the order lapses with the session. Stripe
 * refuses an expires_at under 30 minutes after it creates the session, and the
 * request reaches it later than we compute this (latency, the SDK's retries,
 * clock skew), so 5 minutes of headroom sit on top of that minimum.
 */
export const CHECKOUT_TTL_SECONDS = 35 * 60;
export const MIN_CARD_CHARGE_CENTS = 50;

export type CheckoutRequest = {
  /** The cart's items by id, each in its default licence tier; or `items`, which may name tiers and upgrades. */
  productIds?: string[];
  items?: LicenceLineRequest[];
  /** The licence holder's name (a guest's); an account's name otherwise (Decision 081). */
  holderName?: string | null;
  userId: string | null;
  /** The account's email; for a guest, the email given at checkout (it identifies them to per-customer code rules), if any. */
  customerEmail: string | null;
  discountCode?: string | null;
  siteUrl: string;
  /** A guest ticked the consent box: recorded with the order's email once it is paid (Decision 095). */
  marketingConsent?: boolean;
};

export type CheckoutResult = { url: string; sessionId: string; freeCheckout: boolean; isMember: boolean };

/**
 * A signed-in customer is never charged twice for a file they already have:
 * refused before any payment, naming it. An upgrade line is how they buy more of it.
 */
async function refuseOwned(userId: string | null | undefined, ordered: { id: string; title: string }[]): Promise<void> {
  if (!userId || ordered.length === 0) return;
  const owned = new Set(await ownedProductIds(userId));
  const again = ordered.filter((p) => owned.has(p.id));
  if (again.length === 0) return;
  const names = again.map((p) => `"${p.title}"`).join(', ');
  throw new AppError('conflict', `You already own ${names}. Remove it from your cart to check out; it is in My Orders, where its licence can be upgraded.`, {
    product_ids: again.map((p) => p.id),
  });
}

export async function createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
  const { requests, ordered } = await findCartItems(request, { refuseMissing: true });
  // Free downloads have their own flow, where the address is proven first; a
  // higher licence tier of one is bought as an upgrade of the free licence (Decision 095).
  const freeItems = ordered.filter((p, i) => isFreeProduct(p) && !requests[i].upgradeLicenceId);
  if (freeItems.length > 0) {
    const names = freeItems.map((p) => `"${p.title}"`).join(', ');
    throw invalid(`${names} is a free download: get it from its page, not the cart.`, { product_ids: freeItems.map((p) => p.id) });
  }
  await refuseOwned(
    request.userId,
    ordered.filter((_, i) => !requests[i].upgradeLicenceId),
  );

  const member = await isActiveMember(request.userId);
  const now = new Date();
  const licensed = await licenseCartItems(ordered, requests, { userId: request.userId, member, now });

  const code = !member && request.discountCode ? await findAppliedCode(request.discountCode) : null;
  if (!member && request.discountCode) {
    const problem = !code ? 'Invalid discount code' : code.kind === 'voucher' ? voucherProblem(code.voucher) : null;
    if (problem) throw invalid(problem);
  }
  // Only the buyer's own address: a voucher's owner is not necessarily who is paying.
  const email = request.customerEmail?.trim().toLowerCase() || null;
  const identity = { userId: request.userId, email };

  const orderId = newOrderId();
  const successUrl = (id: string) => `${request.siteUrl}/success?session_id=${id}`;
  // Free orders get their final session id now; paid ones once the provider has opened a session.
  const freeSessionId = randomSessionId('cs_free_');
  const expiresAt = new Date(Date.now() + CHECKOUT_TTL_SECONDS * 1000);

  // The order and its voucher or discount-code reservation are written
  // together, priced on the row as locked in this transaction: parallel
  // checkouts on one gift card each draw what is left, and parallel checkouts
  // with one capped code are counted one after another, rather than all on
  // what they saw before the first one took. A payment session is only opened
  // once the reservation is held.
  const pricing = await db().$transaction(async (tx) => {
    // Bundle credit is worked out here, on lines held until the order is written (Decision 094).
    // Held before the gift card: a refund takes its lines, then the card, so the two never wait on each other in a circle.
    const credited = await creditCartItems(tx, licensed, request.userId, { lock: true });
    const held = code?.kind === 'voucher' ? await lockUsableVoucher(tx, code.voucher.id) : null;
    const heldCode = code?.kind === 'discount' ? await lockUsableDiscount(tx, code.discount.id, identity, now) : null;
    const priced = priceCart(credited, { voucher: held, discount: heldCode, member, now });
    const cartIssue = heldCode && cartProblem(heldCode, { subtotalCents: priced.subtotalCents, eligibleCount: priced.codeLines ?? 0 });
    if (cartIssue) throw invalid(cartIssue);
    const free = priced.totalCents === 0;
    // Card payments have a minimum (Stripe: 0.50 AUD); a smaller remainder cannot be charged.
    if (!free && priced.totalCents < MIN_CARD_CHARGE_CENTS) {
      throw invalid('The amount left to pay is below the 0.50 AUD card minimum. Please add an item or remove the discount.');
    }
    const reserves = (held !== null || heldCode !== null) && priced.discountCents > 0;
    await tx.order.create({
      data: {
        id: orderId,
        sessionId: free ? freeSessionId : `pending_${orderId}`,
        kind: free ? (member ? 'member' : 'voucher') : 'payment',
        userId: request.userId,
        customerEmail: email,
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        amountCents: priced.totalCents,
        voucherId: reserves && held ? held.id : null,
        discountCodeId: reserves && heldCode ? heldCode.id : null,
        holderName: request.holderName?.trim() || null,
        marketingConsent: request.marketingConsent === true && !request.userId,
        expiresAt,
        items: {
          create: priced.lines.map((l, i) => ({
            productId: l.productId,
            title: l.title,
            isBundle: l.isBundle,
            priceCents: l.priceCents,
            bundleCreditCents: l.bundleCreditCents,
            memberDiscountCents: l.memberDiscountCents,
            licenceTierId: l.licence?.tierId,
            termsVersion: l.licence?.termsVersion,
            upgradeOfId: l.licence?.upgradeOfId,
            discountCents: priced.lineDiscountCents?.[i] ?? 0,
          })),
        },
      },
    });
    if (reserves && held) await reserveVoucher(tx, held, orderId, priced.discountCents);
    if (reserves && heldCode) await reserveDiscount(tx, heldCode, orderId, identity, priced.discountCents, now);
    if (!free) await scheduleOrderLapse(tx, orderId, expiresAt);
    return priced;
  });
  const free = pricing.totalCents === 0;

  if (free) {
    await fulfilOrder(freeSessionId, { paymentStatus: 'no_payment_required' });
    return { url: successUrl(freeSessionId), sessionId: freeSessionId, freeCheckout: true, isMember: member };
  }

  let session: { id: string; url: string };
  try {
    session = await createPaymentSession({
      orderId,
      lines: pricing.lines.map((l) => ({ name: lineName(l), amountCents: l.priceCents })),
      discountCents: pricing.discountCents,
      discountLabel: pricing.discountLabel ?? undefined,
      customerEmail: email,
      successUrl: successUrl('{CHECKOUT_SESSION_ID}'),
      cancelUrl: `${request.siteUrl}/cart`,
      expiresAt,
    });
  } catch (error) {
    await abandonOrder(orderId);
    console.error('[checkout] payment session failed', error instanceof Error ? error.message : error);
    throw new AppError('service_unavailable', 'Failed to initiate checkout');
  }
  try {
    await db().order.update({ where: { id: orderId }, data: { sessionId: session.id } });
  } catch (error) {
    await expirePaymentSession(session.id);
    await abandonOrder(orderId);
    throw error;
  }
  return { url: session.url, sessionId: session.id, freeCheckout: false, isMember: member };
}

async function abandonOrder(orderId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    await releaseVoucher(tx, orderId);
    await releaseDiscount(tx, orderId);
    await tx.order.update({ where: { id: orderId }, data: { status: 'expired' } });
  });
}
