// Payment status of a checkout session, as the success page polls it. While
// the order is still open in Stripe mode, the provider is asked (at most once
// per interval per order) and a paid session is fulfilled here too (Stripe's
// recommended belt-and-braces to the webhook); in test mode a lapsed session
// is expired.
import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';
import { paymentMode, retrievePaymentSession } from '@/lib/infra/payments';
import { syncStripeSubscription } from '@/lib/domain/membership';
import { expireOrder, fulfilOrder } from './fulfilment';
import { filesForProducts, orderTierPositions, type OrderFile } from './files';

export type Viewer = { userId: string | null };

export type CheckoutStatus = {
  paymentStatus: string;
  status: string;
  productIds: string[];
  /** Once paid: what was bought and its files (stable id, original name), in download-index order. */
  items: {
    productId: string;
    title: string;
    isBundle: boolean;
    bundleCreditCents: number;
    files: { id: string; filename: string }[];
    licence: StatusLicence | null;
  }[];
};

/**
 * The licence a paid line issued (or, for an upgrade, raised) and the tier it sold. `guestSessionId`:
 * a guest order's session id, which its certificate link must carry (an account's order needs the account).
 */
export type StatusLicence = { id: string; tierKey: string; tierName: string; guestSessionId: string | null };

/** The order behind a session id, visible to its owner (or anyone holding the id of a guest order). */
export async function getOrderForViewer(sessionId: string, viewer: Viewer) {
  const order = await db().order.findUnique({
    where: { sessionId },
    include: { items: { include: { licence: { select: { id: true } }, licenceTier: { select: { key: true, name: true } } } } },
  });
  // An account's order is only shown to that account: 404 rather than a hint it exists.
  if (!order || (order.userId && order.userId !== viewer.userId)) throw notFound('Order not found');
  return order;
}

export async function getCheckoutStatus(sessionId: string, viewer: Viewer): Promise<CheckoutStatus> {
  let order = await getOrderForViewer(sessionId, viewer);
  if (order.status === 'open' && !order.fulfilledAt) {
    if (await refreshOpenOrder(order.sessionId, order.expiresAt)) order = await getOrderForViewer(sessionId, viewer);
  }
  const paid = order.fulfilledAt !== null;
  const files = paid
    ? await filesForProducts(
        order.items.map((i) => i.productId),
        order.createdAt,
        await orderTierPositions(order.id),
      )
    : new Map();
  return {
    // The spec's success page knows one settled value, paid. The order row keeps
    // Stripe's own word (no_payment_required for a $0 order) for the back office.
    paymentStatus: paid ? 'paid' : order.paymentStatus,
    status: order.status,
    productIds: order.items.map((i) => i.productId),
    items: paid
      ? order.items.map((i) => ({
          productId: i.productId,
          title: i.title,
          isBundle: i.isBundle,
          bundleCreditCents: i.bundleCreditCents,
          // A refunded item's downloads have ended (decision 067).
          files: i.refundedAt ? [] : (files.get(i.productId) ?? []).map((f: OrderFile) => ({ id: f.id, filename: f.originalFilename })),
          licence: statusLicence(i, order.userId ? null : order.sessionId),
        }))
      : [],
  };
}

/**
 * Polls ask the provider about one order at most this often. Anyone can poll a
 * session id as fast as they like, from many tabs and instances; the provider
 * rate-limits the shop's key as a whole, so unbounded polls of one order would
 * starve every other checkout. The success page polls every 2 s, so it still
 * asks on its first poll and every third one after.
 */
export const PROVIDER_CHECK_INTERVAL_SECONDS = 5;

const asksProvider = (sessionId: string) => paymentMode() === 'stripe' && sessionId.startsWith('cs_');

/**
 * Claims this order's provider check for the current interval. One conditional
 * UPDATE on the database's clock: of concurrent polls, on any instance, exactly
 * one changes the row (the others wait on its row lock, then find the stamp
 * fresh), so only that one asks.
 */
async function claimProviderCheck(sessionId: string): Promise<boolean> {
  const claimed = await db().$executeRaw`
    UPDATE "Order" SET "providerCheckedAt" = now()
    WHERE "sessionId" = ${sessionId} AND status = 'open' AND "fulfilledAt" IS NULL
      AND ("providerCheckedAt" IS NULL OR "providerCheckedAt" <= now() - make_interval(secs => ${PROVIDER_CHECK_INTERVAL_SECONDS}))`;
  return claimed === 1;
}

/** A poll's reconcile: asks the provider only when this poll wins the interval. Returns whether it looked. */
export async function refreshOpenOrder(sessionId: string, expiresAt: Date | null): Promise<boolean> {
  if (asksProvider(sessionId) && !(await claimProviderCheck(sessionId))) return false;
  await reconcileOpenOrder(sessionId, expiresAt);
  return true;
}

/** Brings an open order up to date with the provider (or with its expiry in test mode). */
export async function reconcileOpenOrder(sessionId: string, expiresAt: Date | null): Promise<void> {
  if (asksProvider(sessionId)) {
    // Stripe unreachable: answer what the database knows. The page polls again
    // and the webhook fulfils regardless, so an outage there is no error here.
    const session = await retrievePaymentSession(sessionId).catch((error: unknown) => {
      console.warn('[checkout] could not ask Stripe about a session', error instanceof Error ? error.message : error);
      return null;
    });
    if (!session) return;
    if (session.status === 'complete' && session.paymentStatus !== 'unpaid') {
      await fulfilOrder(sessionId, { paymentStatus: session.paymentStatus, customerEmail: session.customerEmail, paymentIntentId: session.paymentIntentId });
      if (session.subscriptionId) await syncStripeSubscription(session.subscriptionId);
    } else if (session.status === 'expired') {
      await expireOrder(sessionId);
    }
    return;
  }
  if (expiresAt && expiresAt.getTime() <= Date.now()) await expireOrder(sessionId);
}

type StatusLine = { licence: { id: string } | null; upgradeOfId: string | null; licenceTier: { key: string; name: string } | null };

function statusLicence(item: StatusLine, guestSessionId: string | null): StatusLicence | null {
  const id = item.licence?.id ?? item.upgradeOfId;
  return id && item.licenceTier ? { id, tierKey: item.licenceTier.key, tierName: item.licenceTier.name, guestSessionId } : null;
}
