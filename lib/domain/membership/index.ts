// Membership: an active, unexpired subscription makes every checkout $0.
// Decided from the database only, never from what the browser says. The row
// mirrors the payment provider's subscription and is re-read from it on every
// event (never patched by deltas), so events arriving out of order are harmless.
// A refund or dispute of a membership payment ends it on the shop's side
// (endedAt, ending.ts), whatever the mirror says, until a new subscription.
import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { recordMembershipState } from '@/lib/domain/insights';
import { db, Prisma } from '@/lib/infra/db';
import { paymentMode } from '@/lib/infra/payments';
import { retrieveSubscription, setCancelAtPeriodEnd } from '@/lib/infra/payments/subscriptions';
import { applyProviderChange, type ProviderChange } from './ending';
import { addPeriod, type PlanInterval } from './plans';

export { addPeriod, PLANS, type PlanInterval } from './plans';
export {
  applyProviderChange,
  endMembershipForRefund,
  MEMBERSHIP_PROVIDER_JOB,
  restoreMembershipAfterDispute,
  suspendMembershipForDispute,
  tellProvider,
  type MembershipEndChoice,
  type ProviderChange,
} from './ending';

export const ACTIVE_STATUSES = ['active', 'trialing'];

/** Where a membership counts as active (the same rule as isActiveMembership), for queries over many customers. */
export const activeMembershipWhere = (now: Date) => ({ status: { in: ACTIVE_STATUSES }, currentPeriodEnd: { gt: now }, endedAt: null });

export async function isActiveMember(userId: string | null | undefined, now: Date = new Date()): Promise<boolean> {
  if (!userId) return false;
  const membership = await db().membership.findUnique({ where: { userId }, select: { status: true, currentPeriodEnd: true, endedAt: true } });
  return !!membership && isActiveMembership(membership, now);
}

export const isActiveMembership = (m: { status: string; currentPeriodEnd: Date; endedAt: Date | null }, now: Date) =>
  ACTIVE_STATUSES.includes(m.status) && m.currentPeriodEnd > now && m.endedAt === null;

export type MembershipStatus = {
  isMember: boolean;
  planInterval: PlanInterval | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  status: string | null;
};

export async function getMembershipStatus(userId: string, now: Date = new Date()): Promise<MembershipStatus> {
  const m = await db().membership.findUnique({ where: { userId } });
  if (!m) return { isMember: false, planInterval: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, status: null };
  return {
    isMember: isActiveMembership(m, now),
    planInterval: m.planInterval,
    currentPeriodEnd: m.currentPeriodEnd,
    cancelAtPeriodEnd: m.cancelAtPeriodEnd,
    status: m.status,
  };
}

/** Test payment mode: a paid subscription order gives one period of membership. */
export async function activateTestMembership(tx: Prisma.TransactionClient, order: { userId: string | null; planInterval: PlanInterval | null }): Promise<void> {
  if (!order.userId || !order.planInterval) return;
  const now = new Date();
  const current = await tx.membership.findUnique({ where: { userId: order.userId } });
  // A renewal while still active extends from the current end, not from today.
  const from = current && current.currentPeriodEnd > now ? current.currentPeriodEnd : now;
  const data = {
    planInterval: order.planInterval,
    status: 'active',
    currentPeriodEnd: addPeriod(from, order.planInterval),
    cancelAtPeriodEnd: false,
    // A new paid period starts afresh: an end made by an earlier refund or dispute is over.
    ...FRESH_START,
  };
  await tx.membership.upsert({ where: { userId: order.userId }, create: { userId: order.userId, ...data }, update: data });
}

/** Re-reads a Stripe subscription and stores its state as it is now. */
export async function syncStripeSubscription(subscriptionId: string): Promise<void> {
  const sub = await retrieveSubscription(subscriptionId);
  const userId = sub.userId ?? (await db().membership.findUnique({ where: { stripeSubscriptionId: subscriptionId } }))?.userId;
  if (!userId) throw new Error(`Subscription ${subscriptionId} has no user`);
  const current = await db().membership.findUnique({ where: { userId }, select: { stripeSubscriptionId: true } });
  const data = {
    planInterval: sub.interval,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    stripeSubscriptionId: subscriptionId,
    // The shop's own end (a refund or dispute) holds for the subscription it was made on, not a new one.
    ...(current?.stripeSubscriptionId !== subscriptionId ? FRESH_START : {}),
  };
  await db().$transaction(async (tx) => {
    await tx.membership.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    await recordMembershipState(tx, userId, data);
  });
}

// A paid period also replaces a complimentary one granted in the back office.
const FRESH_START = { endedAt: null, endedByRefundId: null, renewalStoppedByRefundId: null, complimentary: false };

/** The membership-provider job: the change at Stripe, then the mirror re-read. */
export async function applyMembershipProviderChange(subscriptionId: string, change: ProviderChange): Promise<void> {
  await applyProviderChange(subscriptionId, change);
  await syncStripeSubscription(subscriptionId);
}

export async function cancelMembership(userId: string): Promise<MembershipStatus> {
  const m = await db().membership.findUnique({ where: { userId } });
  if (!m || !ACTIVE_STATUSES.includes(m.status) || m.currentPeriodEnd <= new Date()) throw notFound('No active membership');
  if (m.stripeSubscriptionId && paymentMode() === 'stripe') {
    await setCancelAtPeriodEnd(m.stripeSubscriptionId, true);
    await syncStripeSubscription(m.stripeSubscriptionId);
  } else {
    await db().$transaction(async (tx) => {
      const cancelled = await tx.membership.update({ where: { userId }, data: { cancelAtPeriodEnd: true } });
      await recordMembershipState(tx, userId, cancelled);
    });
  }
  return getMembershipStatus(userId);
}
