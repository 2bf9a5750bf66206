// Membership payments as orders. The first period is the membership checkout's
// own order; each renewal Stripe charges (an invoice with billing_reason
// subscription_cycle) is recorded here as a paid order keyed by the invoice id,
// so every membership payment has its invoice at /api/orders/invoice/{id}.
import 'server-only';
import { issueInvoiceIn } from '@/lib/domain/business';
import { recordSaleFigures } from '@/lib/domain/insights';
import { db } from '@/lib/infra/db';
import { newOrderId } from './ids';

export type RenewalInvoice = {
  invoiceId: string;
  subscriptionId: string;
  amountPaidCents: number;
  currency: string;
  customerEmail: string | null;
  paidAt: Date;
};

/**
 * Records a renewal once: the invoice id is the order's session id (unique),
 * so replayed or concurrent deliveries of the same invoice.paid add nothing.
 * Returns false when it was already recorded or the subscription is not ours.
 */
export async function recordMembershipRenewal(invoice: RenewalInvoice): Promise<boolean> {
  const membership = await db().membership.findUnique({
    where: { stripeSubscriptionId: invoice.subscriptionId },
    select: { userId: true, planInterval: true, user: { select: { email: true } } },
  });
  if (!membership) return false;
  const orderId = newOrderId();
  return db().$transaction(async (tx) => {
    const { count } = await tx.order.createMany({
      data: [
        {
          id: orderId,
          sessionId: invoice.invoiceId,
          kind: 'subscription',
          planInterval: membership.planInterval,
          userId: membership.userId,
          customerEmail: (invoice.customerEmail ?? membership.user.email).toLowerCase(),
          subtotalCents: invoice.amountPaidCents,
          amountCents: invoice.amountPaidCents,
          currency: invoice.currency,
          paymentStatus: 'paid',
          status: 'complete',
          fulfilledAt: invoice.paidAt,
        },
      ],
      skipDuplicates: true,
    });
    if (count !== 1) return false;
    await recordSaleFigures(tx, orderId);
    // Its invoice comes with it, in the same transaction (Decision 075); last, for the number's lock.
    await issueInvoiceIn(tx, orderId, invoice.paidAt);
    return true;
  });
}

export type MembershipPayment = { sessionId: string; planInterval: 'month' | 'year' | null; amountCents: number; paidAt: Date };

/** A member's paid membership orders, newest first (the member panel links each invoice). */
export async function membershipPayments(userId: string, limit = 24): Promise<MembershipPayment[]> {
  const orders = await db().order.findMany({
    where: { userId, kind: 'subscription', fulfilledAt: { not: null }, paymentStatus: { in: ['paid', 'no_payment_required'] } },
    orderBy: { fulfilledAt: 'desc' },
    take: limit,
    select: { sessionId: true, planInterval: true, amountCents: true, fulfilledAt: true },
  });
  return orders.map((o) => ({ sessionId: o.sessionId, planInterval: o.planInterval, amountCents: o.amountCents, paidAt: o.fulfilledAt! }));
}
