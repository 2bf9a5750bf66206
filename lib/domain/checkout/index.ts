// Checkout: turns a cart into an order. The server prices every item from the
// database at this moment (the browser's prices are ignored), collapses
// duplicates, refuses unknown items, applies a voucher or membership, and
// either fulfils a $0 order at once or opens a payment session.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { AppError, invalid } from '@/lib/domain/errors';
import { fulfilOrder } from '@/lib/domain/orders/fulfilment';
import { isActiveMember } from '@/lib/domain/membership';
import { findVoucher, releaseVoucher, reserveVoucher, voucherProblem } from '@/lib/domain/vouchers';
import { db } from '@/lib/infra/db';
import { createPaymentSession, expirePaymentSession, randomSessionId } from '@/lib/infra/payments';
import { priceCart } from './pricing';

export * from './pricing';

/** Stripe's minimum session lifetime; the order lapses with it. */
export const CHECKOUT_TTL_SECONDS = 30 * 60;
export const MAX_CART_ITEMS = 100;

export type CheckoutRequest = {
  productIds: string[];
  userId: string | null;
  customerEmail: string | null;
  discountCode?: string | null;
  siteUrl: string;
};

export type CheckoutResult = { url: string; session_id: string; free_checkout: boolean; is_member: boolean };

export async function createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
  const productIds = [...new Set(request.productIds)];
  if (productIds.length === 0) throw invalid('Cart is empty');
  if (productIds.length > MAX_CART_ITEMS) throw invalid(`A cart holds at most ${MAX_CART_ITEMS} items`);

  const products = await db().product.findMany({ where: { id: { in: productIds }, deletedAt: null } });
  const missing = productIds.filter((id) => !products.some((p) => p.id === id));
  if (missing.length) throw invalid('Some items in your cart are no longer available', { product_ids: missing });
  const ordered = productIds.map((id) => products.find((p) => p.id === id)!);

  const member = await isActiveMember(request.userId);
  const voucher = !member && request.discountCode ? await findVoucher(request.discountCode) : null;
  if (!member && request.discountCode) {
    const problem = voucher ? voucherProblem(voucher) : 'Invalid discount code';
    if (problem) throw invalid(problem);
  }

  const pricing = priceCart(ordered, { voucher, member });
  const orderId = newOrderId();
  const free = pricing.totalCents === 0;
  const kind = free ? (member ? 'member' : 'voucher') : 'payment';
  const email = request.customerEmail ?? (voucher?.customerEmail || null);
  const successUrl = (id: string) => `${request.siteUrl}/success?session_id=${id}`;

  // The order and its voucher reservation are written together; a payment
  // session is only opened once the reservation is held.
  const placeholder = free ? randomSessionId('cs_free_') : `pending_${orderId}`;
  await db().$transaction(async (tx) => {
    await tx.order.create({
      data: {
        id: orderId,
        sessionId: placeholder,
        kind,
        userId: request.userId,
        customerEmail: email,
        subtotalCents: pricing.subtotalCents,
        discountCents: pricing.discountCents,
        amountCents: pricing.totalCents,
        voucherId: voucher && pricing.discountCents > 0 ? voucher.id : null,
        expiresAt: new Date(Date.now() + CHECKOUT_TTL_SECONDS * 1000),
        items: { create: pricing.lines.map((l) => ({ productId: l.productId, title: l.title, isBundle: l.isBundle, priceCents: l.priceCents })) },
      },
    });
    if (voucher && pricing.discountCents > 0) await reserveVoucher(tx, voucher, orderId, pricing.discountCents);
  });

  if (free) {
    await fulfilOrder(placeholder, { paymentStatus: 'no_payment_required' });
    return { url: successUrl(placeholder), session_id: placeholder, free_checkout: true, is_member: member };
  }

  let session: { id: string; url: string };
  try {
    session = await createPaymentSession({
      orderId,
      lines: pricing.lines.map((l) => ({ name: l.title, amountCents: l.priceCents })),
      discountCents: pricing.discountCents,
      discountLabel: pricing.discountLabel ?? undefined,
      customerEmail: email,
      successUrl: successUrl('{CHECKOUT_SESSION_ID}'),
      cancelUrl: `${request.siteUrl}/cart`,
      expiresAt: new Date(Date.now() + CHECKOUT_TTL_SECONDS * 1000),
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
  return { url: session.url, session_id: session.id, free_checkout: false, is_member: member };
}

async function abandonOrder(orderId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    await releaseVoucher(tx, orderId);
    await tx.order.update({ where: { id: orderId }, data: { status: 'expired' } });
  });
}

function newOrderId(): string {
  return `ord_${randomBytes(16).toString('hex')}`;
}
