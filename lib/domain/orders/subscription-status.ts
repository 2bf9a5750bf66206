// /membership-success polling: 'paid' once the membership checkout is fulfilled
// (asking Stripe directly when its webhook has not arrived yet, at most once
// per interval like the checkout status).
import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { getMembershipStatus } from '@/lib/domain/membership';
import { db } from '@/lib/infra/db';
import { refreshOpenOrder } from './status';

export type SubscriptionCheckoutStatus = { status: 'paid' | 'pending' | 'expired'; currentPeriodEnd: Date | null };

export async function getSubscriptionCheckoutStatus(sessionId: string, userId: string): Promise<SubscriptionCheckoutStatus> {
  const find = () => db().order.findUnique({ where: { sessionId } });
  let order = await find();
  if (!order || order.kind !== 'subscription' || order.userId !== userId) throw notFound('Subscription checkout not found');
  if (!order.fulfilledAt && order.status === 'open') {
    if (await refreshOpenOrder(order.sessionId, order.expiresAt)) order = (await find())!;
  }
  if (!order.fulfilledAt) return { status: order.status === 'expired' ? 'expired' : 'pending', currentPeriodEnd: null };
  const membership = await getMembershipStatus(userId);
  return { status: 'paid', currentPeriodEnd: membership.currentPeriodEnd };
}
