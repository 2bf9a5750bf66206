// Payment status of a checkout session, as the success page polls it. While
// the order is still open in Stripe mode, the provider is asked and a paid
// session is fulfilled here too (Stripe's recommended belt-and-braces to the
// webhook); in test mode a lapsed session is expired.
import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';
import { paymentMode, retrievePaymentSession } from '@/lib/infra/payments';
import { syncStripeSubscription } from '@/lib/domain/membership';
import { expireOrder, fulfilOrder } from './fulfilment';
import { filesForProducts } from './files';

export type Viewer = { userId: string | null };

export type CheckoutStatus = {
  payment_status: string;
  status: string;
  product_ids: string[];
  /** Once paid: what was bought and its files, for the download buttons. */
  items: { product_id: string; title: string; is_bundle: boolean; files: { index: number; filename: string }[] }[];
};

/** The order behind a session id, visible to its owner (or anyone holding the id of a guest order). */
export async function getOrderForViewer(sessionId: string, viewer: Viewer) {
  const order = await db().order.findUnique({ where: { sessionId }, include: { items: true } });
  // An account's order is only shown to that account: 404 rather than a hint it exists.
  if (!order || (order.userId && order.userId !== viewer.userId)) throw notFound('Order not found');
  return order;
}

export async function getCheckoutStatus(sessionId: string, viewer: Viewer): Promise<CheckoutStatus> {
  let order = await getOrderForViewer(sessionId, viewer);
  if (order.status === 'open' && !order.fulfilledAt) {
    await reconcileOpenOrder(order.sessionId, order.expiresAt);
    order = await getOrderForViewer(sessionId, viewer);
  }
  const paid = order.fulfilledAt !== null;
  const files = paid ? await filesForProducts(order.items.map((i) => i.productId)) : new Map();
  return {
    payment_status: order.paymentStatus,
    status: order.status,
    product_ids: order.items.map((i) => i.productId),
    items: paid
      ? order.items.map((i) => ({
          product_id: i.productId,
          title: i.title,
          is_bundle: i.isBundle,
          files: (files.get(i.productId) ?? []).map((f: { originalFilename: string }, index: number) => ({ index, filename: f.originalFilename })),
        }))
      : [],
  };
}

/** Brings an open order up to date with the provider (or with its expiry in test mode). */
export async function reconcileOpenOrder(sessionId: string, expiresAt: Date | null): Promise<void> {
  if (paymentMode() === 'stripe' && sessionId.startsWith('cs_')) {
    // Stripe unreachable: answer what the database knows. The page polls again
    // and the webhook fulfils regardless, so an outage there is no error here.
    const session = await retrievePaymentSession(sessionId).catch((error: unknown) => {
      console.warn('[checkout] could not ask Stripe about a session', error instanceof Error ? error.message : error);
      return null;
    });
    if (!session) return;
    if (session.status === 'complete' && session.paymentStatus !== 'unpaid') {
      await fulfilOrder(sessionId, { paymentStatus: session.paymentStatus, customerEmail: session.customerEmail });
      if (session.subscriptionId) await syncStripeSubscription(session.subscriptionId);
    } else if (session.status === 'expired') {
      await expireOrder(sessionId);
    }
    return;
  }
  if (expiresAt && expiresAt.getTime() <= Date.now()) await expireOrder(sessionId);
}
