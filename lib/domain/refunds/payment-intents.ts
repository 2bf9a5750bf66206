// Which Stripe PaymentIntent holds an order's money, and which order a
// PaymentIntent named in a charge event belongs to. A card order keeps it from
// its checkout; a membership payment's is found through its invoice the first
// time it is needed (a refund, a charge event) and kept (Decision 075).
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';
import { paymentMode, retrievePaymentSession } from '@/lib/infra/payments';
import { invoiceOfPaymentIntent, membershipPaymentIntent } from '@/lib/infra/payments/membership-charges';

export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

type PaidOrder = { id: string; sessionId: string; kind: string; paymentIntentId: string | null };

/** Where Stripe's money for this order sits: stored, else asked of Stripe once and kept. */
export async function paymentIntentOf(order: PaidOrder): Promise<string> {
  if (order.paymentIntentId) return order.paymentIntentId;
  const found = await (
    order.kind === 'subscription' ? membershipPaymentIntent(order.sessionId) : retrievePaymentSession(order.sessionId).then((s) => s.paymentIntentId)
  ).catch((error: unknown) => {
    console.warn('[refunds] could not ask Stripe for a payment', error instanceof Error ? error.message : error);
    return null;
  });
  if (!found) throw new AppError('service_unavailable', 'Stripe could not tell which payment to refund; nothing was changed. Please try again.');
  await db().order.update({ where: { id: order.id }, data: { paymentIntentId: found } });
  return found;
}

/**
 * The order a charge event is about. Not known by its PaymentIntent: it may
 * be a membership payment nobody has refunded yet, found through the invoice
 * it paid (a renewal's order is keyed by the invoice, the first period's is
 * named in the subscription's metadata). Null when it is no order of ours.
 */
export async function orderOfPaymentIntent(paymentIntentId: string | null): Promise<string | null> {
  if (!paymentIntentId) return null;
  const known = await db().order.findUnique({ where: { paymentIntentId }, select: { id: true } });
  if (known || paymentMode() !== 'stripe') return known?.id ?? null;
  const invoice = await invoiceOfPaymentIntent(paymentIntentId);
  if (!invoice) return null;
  const where = invoice.billingReason === 'subscription_create' && invoice.firstOrderId ? { id: invoice.firstOrderId } : { sessionId: invoice.invoiceId };
  const order = await db().order.findFirst({ where: { ...where, kind: 'subscription', paymentIntentId: null }, select: { id: true } });
  if (!order) return null;
  await db().order.update({ where: { id: order.id }, data: { paymentIntentId } });
  return order.id;
}
