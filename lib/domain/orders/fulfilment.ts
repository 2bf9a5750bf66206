// Fulfilment runs once per order, whoever calls it first: the Stripe webhook,
// the success page's status check, the test payment page, or a $0 checkout.
// The conditional UPDATE on fulfilledAt is what makes it idempotent: of any
// number of concurrent callers exactly one sees count = 1 and does the work,
// its invoice number included (Decision 075).
import 'server-only';
import { issueInvoiceIn } from '@/lib/domain/business';
import { confirmDiscount, releaseDiscount } from '@/lib/domain/discounts';
import { recordSaleFigures } from '@/lib/domain/insights';
import { issueLicences } from '@/lib/domain/licences';
import { recordAddressConsent } from '@/lib/domain/consent';
import { activateTestMembership } from '@/lib/domain/membership';
import { confirmVoucher, releaseVoucher } from '@/lib/domain/vouchers';
import { db } from '@/lib/infra/db';
import { paymentMode } from '@/lib/infra/payments';
import { enqueue, kickJobs } from '@/lib/domain/jobs';
import { scheduleReviewRequest, syncOrderRatings } from '@/lib/domain/reviews';
import { ORDER_INSIGHTS_JOB } from '@/lib/domain/insights';

export const ORDER_EMAIL_JOB = 'order-email';

export type PaidStatus = 'paid' | 'no_payment_required';

export type FulfilDetails = {
  paymentStatus: PaidStatus;
  customerEmail?: string | null;
  /** The payer's name at the provider: a guest's licences name it when no holder name was given. */
  customerName?: string | null;
  /** Stripe's PaymentIntent of the session, kept so the order can be refunded and its charge events matched. */
  paymentIntentId?: string | null;
  /**
   * Claim only an order still open and unexpired at this moment. Test payments
   * need it: checking expiry first and claiming after would let an expiry slip
   * in between and pay an order whose voucher had just been given back.
   */
  openAt?: Date;
};

/** Marks the order paid and queues its email; returns true only for the call that fulfilled it. */
export async function fulfilOrder(sessionId: string, details: FulfilDetails): Promise<boolean> {
  const stillOpen = details.openAt ? { status: 'open', OR: [{ expiresAt: null }, { expiresAt: { gt: details.openAt } }] } : {};
  const fulfilled = await db().$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.order.updateMany({
      where: { sessionId, fulfilledAt: null, ...stillOpen },
      data: { paymentStatus: details.paymentStatus, status: 'complete', fulfilledAt: now, paymentIntentId: details.paymentIntentId ?? undefined },
    });
    if (claimed.count !== 1) return false;
    const order = await tx.order.findUniqueOrThrow({
      where: { sessionId },
      select: { id: true, customerEmail: true, kind: true, userId: true, planInterval: true, marketingConsent: true },
    });
    if (!order.customerEmail && details.customerEmail) {
      await tx.order.update({ where: { id: order.id }, data: { customerEmail: details.customerEmail.toLowerCase() } });
    }
    // A guest's ticked consent box counts once the checkout completes: an abandoned
    // checkout with someone else's address subscribes no one (Decision 095).
    const paidBy = order.customerEmail ?? details.customerEmail ?? null;
    if (order.marketingConsent && !order.userId && paidBy) await recordAddressConsent(tx, paidBy, 'guest_checkout');
    // A membership's first period can carry a discount code too: its use is confirmed either way.
    await confirmDiscount(tx, order.id);
    await recordSaleFigures(tx, order.id);
    if (order.kind === 'subscription') {
      // With Stripe the membership follows the subscription's own events; test mode has none.
      if (paymentMode() === 'test') await activateTestMembership(tx, order);
    } else {
      await confirmVoucher(tx, order.id);
      // In the same transaction as the payment: a paid line never lacks its licence (Decision 081).
      await issueLicences(tx, order.id, details.customerName);
      await enqueue(tx, ORDER_EMAIL_JOB, { orderId: order.id }, { key: order.id });
      await scheduleReviewRequest(tx, order.id, now);
      await syncOrderRatings(tx, order.id);
      // Sales counts and co-purchases for the storefront, off the payment's path (Decision 089).
      await enqueue(tx, ORDER_INSIGHTS_JOB, { orderId: order.id }, { key: order.id });
    }
    // Last: the number's lock is held until commit, and a rollback gives the number back.
    await issueInvoiceIn(tx, order.id, now);
    return true;
  });
  if (fulfilled) kickJobs();
  return fulfilled;
}

/** The session lapsed or was cancelled: close the order and give back its voucher or code use. */
export async function expireOrder(sessionId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { sessionId }, select: { id: true } });
    if (!order) return false;
    const closed = await tx.order.updateMany({ where: { id: order.id, status: 'open', fulfilledAt: null }, data: { status: 'expired' } });
    if (closed.count !== 1) return false;
    await releaseVoucher(tx, order.id);
    await releaseDiscount(tx, order.id);
    return true;
  });
}

/** A delayed payment (e.g. bank debit) failed after checkout completed. */
export async function failOrderPayment(sessionId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { sessionId }, select: { id: true } });
    if (!order) return false;
    const failed = await tx.order.updateMany({ where: { id: order.id, fulfilledAt: null }, data: { status: 'expired', paymentStatus: 'unpaid' } });
    if (failed.count !== 1) return false;
    await releaseVoucher(tx, order.id);
    await releaseDiscount(tx, order.id);
    return true;
  });
}
