// Back-office changes to a customer's membership. Each is one transaction with
// its audit row; a change Stripe must make too (cancel now, stop renewal) is a
// job queued in that transaction (lib/domain/membership), so it happens once,
// and only once the change has committed.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { isActiveMembership, tellProvider, type MembershipEndChoice } from '@/lib/domain/membership';
import { refundOrder, type RefundResult } from '@/lib/domain/refunds';
import { db, type Prisma } from '@/lib/infra/db';

export const MAX_COMPLIMENTARY_MONTHS = 36;

type Tx = Prisma.TransactionClient;

async function requireCustomer(tx: Tx, userId: string) {
  const user = await tx.user.findUnique({ where: { id: userId }, include: { membership: true } });
  if (!user) throw notFound('Customer not found');
  if (user.anonymisedAt) throw new AppError('conflict', 'This customer has been anonymised');
  return user;
}

/** The same day `months` later (clamped to the month's last day, so 31 January + 1 is 28 or 29 February). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/** A membership for `months` with no payment: it never renews and shows as complimentary. */
export async function grantComplimentaryMembership(actor: string, userId: string, months: number, now: Date = new Date()): Promise<Date> {
  if (!Number.isInteger(months) || months < 1 || months > MAX_COMPLIMENTARY_MONTHS) {
    throw invalid(`Months must be a whole number from 1 to ${MAX_COMPLIMENTARY_MONTHS}`, { months: ['Out of range'] });
  }
  return db().$transaction(async (tx) => {
    const user = await requireCustomer(tx, userId);
    if (user.membership && isActiveMembership(user.membership, now)) throw new AppError('conflict', 'This customer already has an active membership');
    const data = {
      planInterval: 'month' as const,
      status: 'active',
      currentPeriodEnd: addMonths(now, months),
      cancelAtPeriodEnd: true,
      complimentary: true,
      // A subscription that ended before is history: this row now mirrors the grant.
      stripeSubscriptionId: null,
      endedAt: null,
      endedByRefundId: null,
      renewalStoppedByRefundId: null,
    };
    await tx.membership.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    await recordAudit(tx, actor, 'customer.membership.complimentary', userId, { months, until: data.currentPeriodEnd.toISOString() });
    return data.currentPeriodEnd;
  });
}

/** Ends access now (and cancels at Stripe), or lets the paid period run out without renewing. */
export async function cancelCustomerMembership(actor: string, userId: string, when: MembershipEndChoice, now: Date = new Date()): Promise<void> {
  await db().$transaction(async (tx) => {
    const m = (await requireCustomer(tx, userId)).membership;
    if (!m || !isActiveMembership(m, now)) throw new AppError('conflict', 'This customer has no active membership');
    if (when === 'period_end' && m.cancelAtPeriodEnd) throw new AppError('conflict', 'This membership already ends at the end of its period');
    const data = when === 'now' ? { endedAt: now, cancelAtPeriodEnd: true } : { cancelAtPeriodEnd: true };
    await tx.membership.update({ where: { userId }, data });
    await tellProvider(tx, m.stripeSubscriptionId, `customer-cancel-${randomUUID()}`, when === 'now' ? 'cancel_now' : 'stop_renewal');
    await recordAudit(tx, actor, 'customer.membership.cancel', userId, { when, stripe: m.stripeSubscriptionId !== null });
  });
}

export type MembershipRefundRequest = { sessionId: string; membershipEnd?: MembershipEndChoice; idempotencyKey?: string };

/**
 * Refunds one of this customer's membership payments through the shop's one
 * refund path (lib/domain/refunds: pending first, settled once, Decision 075),
 * which is several steps by design; the audit row follows its outcome.
 */
export async function refundMembershipPayment(actor: string, userId: string, request: MembershipRefundRequest): Promise<RefundResult> {
  const order = await db().order.findUnique({ where: { sessionId: request.sessionId }, select: { userId: true, kind: true } });
  // Another customer's order is as unknown here as a made-up one.
  if (!order || order.userId !== userId) throw notFound('No such payment for this customer');
  if (order.kind !== 'subscription') throw invalid('Only membership payments are refunded here', { session_id: ['Not a membership payment'] });
  const refund = await refundOrder({
    actor,
    sessionId: request.sessionId,
    idempotencyKey: request.idempotencyKey,
    membershipEnd: request.membershipEnd ?? 'now',
  });
  await recordAudit(db(), actor, 'customer.membership.refund', userId, { session_id: request.sessionId, refund_id: refund.id, status: refund.status });
  return refund;
}
