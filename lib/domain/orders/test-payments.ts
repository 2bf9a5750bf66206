// Test payment mode (PAYMENT_MODE resolves to test, see lib/env.ts): the local payment page completes
// or cancels a session through the very functions the Stripe webhook calls.
import 'server-only';
import { AppError, notFound } from '@/lib/domain/errors';
import { licenceLineName } from '@/lib/domain/licences';
import { db } from '@/lib/infra/db';
import { paymentMode } from '@/lib/infra/payments';
import { expireOrder, fulfilOrder } from './fulfilment';

async function openTestOrder(sessionId: string) {
  if (paymentMode() !== 'test' || !sessionId.startsWith('cs_test_')) throw notFound('Checkout session not found');
  const order = await db().order.findUnique({ where: { sessionId } });
  if (!order) throw notFound('Checkout session not found');
  return order;
}

export async function getTestCheckout(sessionId: string) {
  const order = await openTestOrder(sessionId);
  const rows = await db().orderItem.findMany({
    where: { orderId: order.id },
    select: { productId: true, title: true, priceCents: true, upgradeOfId: true, licenceTier: { select: { name: true } } },
  });
  // Named as the provider's page names them: the item and the licence tier it buys (Decision 081).
  const items = rows.map((r) => ({
    productId: r.productId,
    priceCents: r.priceCents,
    title: licenceLineName(r.title, r.licenceTier?.name, r.upgradeOfId !== null),
  }));
  return { order, items };
}

export async function completeTestPayment(sessionId: string, email: string | null): Promise<void> {
  const order = await openTestOrder(sessionId);
  if (order.fulfilledAt) return;
  if (order.status === 'expired' || (order.expiresAt && order.expiresAt.getTime() <= Date.now())) return expired(sessionId);
  if (!order.customerEmail && !email) throw new AppError('invalid_request', 'Please enter an email address for your receipt', { email: ['Required'] });
  if (await fulfilOrder(sessionId, { paymentStatus: 'paid', customerEmail: email, openAt: new Date() })) return;
  // Not claimed: a concurrent call paid it (fine), or it lapsed since it was read.
  const current = await db().order.findUniqueOrThrow({ where: { sessionId }, select: { fulfilledAt: true } });
  if (!current.fulfilledAt) return expired(sessionId);
}

async function expired(sessionId: string): Promise<never> {
  await expireOrder(sessionId);
  throw new AppError('conflict', 'This checkout session has expired');
}

export async function cancelTestPayment(sessionId: string): Promise<void> {
  await openTestOrder(sessionId);
  await expireOrder(sessionId);
}

/** Where the browser goes next, as Stripe's success and cancel URLs would send it. */
export async function testPaymentReturnUrl(sessionId: string, outcome: 'complete' | 'cancel'): Promise<string> {
  const order = await openTestOrder(sessionId);
  if (order.kind === 'subscription') return outcome === 'complete' ? `/membership-success?session_id=${sessionId}` : '/membership';
  return outcome === 'complete' ? `/success?session_id=${sessionId}` : '/cart';
}
