// A refund or a dispute of a membership payment ends the membership (Decision
// 075). The end is the shop's own (Membership.endedAt): it holds whatever the
// subscription mirrored from Stripe says, until the customer starts a new
// subscription, and a won dispute lifts only the end it made. What Stripe must
// change too (cancel now, stop or resume renewal) is a keyed job queued in the
// same transaction, so it happens once the change commits, and only then.
import 'server-only';
import { recordMembershipState } from '@/lib/domain/insights';
import { enqueue } from '@/lib/domain/jobs';
import type { Prisma } from '@/lib/infra/db';
import { cancelSubscriptionNow, retrieveSubscription, setCancelAtPeriodEnd } from '@/lib/infra/payments/subscriptions';

type Tx = Prisma.TransactionClient;

export const MEMBERSHIP_PROVIDER_JOB = 'membership-provider';

export type ProviderChange = 'cancel_now' | 'stop_renewal' | 'resume_renewal';
export type MembershipEndChoice = 'now' | 'period_end';

async function tellProvider(tx: Tx, subscriptionId: string | null, refundId: string, change: ProviderChange): Promise<void> {
  if (!subscriptionId) return;
  await enqueue(tx, MEMBERSHIP_PROVIDER_JOB, { subscriptionId, change }, { key: `${refundId}:${change}` });
}

/** A refund of a membership payment: access ends now (the subscription is cancelled), or at the end of the paid period. */
export async function endMembershipForRefund(tx: Tx, userId: string | null, refundId: string, when: MembershipEndChoice): Promise<void> {
  const membership = userId ? await tx.membership.findUnique({ where: { userId } }) : null;
  if (!membership) return;
  // Either choice ends the membership: a cancellation in the sales figures, once per period (Decision 083).
  await recordMembershipState(tx, membership.userId, { status: 'canceled', cancelAtPeriodEnd: true, currentPeriodEnd: membership.currentPeriodEnd });
  if (when === 'now') {
    // An end already in force (a dispute) stays the one on record.
    if (!membership.endedAt) await tx.membership.update({ where: { userId: membership.userId }, data: { endedAt: new Date(), endedByRefundId: refundId } });
    await tellProvider(tx, membership.stripeSubscriptionId, refundId, 'cancel_now');
    return;
  }
  await tx.membership.update({ where: { userId: membership.userId }, data: { cancelAtPeriodEnd: true } });
  await tellProvider(tx, membership.stripeSubscriptionId, refundId, 'stop_renewal');
}

/** A dispute opened on a membership payment: access ends at once and renewal stops while it is open. */
export async function suspendMembershipForDispute(tx: Tx, userId: string | null, disputeId: string): Promise<void> {
  const membership = userId ? await tx.membership.findUnique({ where: { userId } }) : null;
  if (!membership || membership.endedAt) return;
  const renewing = !membership.cancelAtPeriodEnd && membership.stripeSubscriptionId !== null;
  await tx.membership.update({
    where: { userId: membership.userId },
    data: { endedAt: new Date(), endedByRefundId: disputeId, ...(renewing ? { renewalStoppedByRefundId: disputeId, cancelAtPeriodEnd: true } : {}) },
  });
  if (renewing) await tellProvider(tx, membership.stripeSubscriptionId, disputeId, 'stop_renewal');
}

/** A dispute won: the membership comes back as it was, if this dispute is what ended it. */
export async function restoreMembershipAfterDispute(tx: Tx, userId: string | null, disputeId: string): Promise<void> {
  const membership = userId ? await tx.membership.findUnique({ where: { userId } }) : null;
  if (!membership) return;
  const resume = membership.renewalStoppedByRefundId === disputeId;
  await tx.membership.update({
    where: { userId: membership.userId },
    data: {
      ...(membership.endedByRefundId === disputeId ? { endedAt: null, endedByRefundId: null } : {}),
      ...(resume ? { renewalStoppedByRefundId: null, cancelAtPeriodEnd: false } : {}),
    },
  });
  if (resume) await tellProvider(tx, membership.stripeSubscriptionId, disputeId, 'resume_renewal');
}

/** The job: makes the change at Stripe. Each is safe to repeat; a subscription that has ended cannot renew again. */
export async function applyProviderChange(subscriptionId: string, change: ProviderChange): Promise<void> {
  if (change === 'cancel_now') return cancelSubscriptionNow(subscriptionId);
  const sub = await retrieveSubscription(subscriptionId);
  if (!['active', 'trialing', 'past_due'].includes(sub.status)) return;
  await setCancelAtPeriodEnd(subscriptionId, change === 'stop_renewal');
}
