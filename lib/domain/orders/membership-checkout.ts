// Opening a membership checkout: an order of kind 'subscription' that lapses
// like any other, and a payment session for the plan at the promo's price.
// Owned here rather than by membership because it writes an order.
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { isActiveMember, PLANS, promoPercentOff, type PlanInterval } from '@/lib/domain/membership';
import { db } from '@/lib/infra/db';
import { paymentMode, randomSessionId } from '@/lib/infra/payments';
import { createSubscriptionSession } from '@/lib/infra/payments/subscriptions';
import { newOrderId } from './ids';
import { scheduleOrderLapse } from './lapse';

export async function startSubscription(input: {
  user: { id: string; email: string };
  interval: PlanInterval;
  promoCode?: string | null;
  siteUrl: string;
}): Promise<{ url: string; sessionId: string }> {
  if (await isActiveMember(input.user.id)) throw new AppError('conflict', 'You already have an active membership');
  const percentOff = await promoPercentOff(input.promoCode);
  const plan = PLANS[input.interval];
  const firstPeriodCents = Math.round((plan.amountCents * (100 - percentOff)) / 100);
  const orderId = newOrderId();
  const successUrl = (id: string) => `${input.siteUrl}/membership-success?session_id=${id}`;

  const expiresAt = new Date(Date.now() + 30 * 60 * 1000);
  const order = await db().$transaction(async (tx) => {
    const created = await tx.order.create({
      data: {
        id: orderId,
        sessionId: `pending_${orderId}`,
        kind: 'subscription',
        planInterval: input.interval,
        userId: input.user.id,
        customerEmail: input.user.email,
        subtotalCents: plan.amountCents,
        discountCents: plan.amountCents - firstPeriodCents,
        amountCents: firstPeriodCents,
        expiresAt,
      },
    });
    await scheduleOrderLapse(tx, created.id, expiresAt);
    return created;
  });

  const session =
    paymentMode() === 'test'
      ? { id: randomSessionId(), url: '' }
      : await createSubscriptionSession({
          orderId: order.id,
          userId: input.user.id,
          email: input.user.email,
          interval: input.interval,
          planName: `${plan.name} membership`,
          amountCents: plan.amountCents,
          percentOff,
          successUrl: successUrl('{CHECKOUT_SESSION_ID}'),
          cancelUrl: `${input.siteUrl}/membership`,
        });
  await db().order.update({ where: { id: order.id }, data: { sessionId: session.id } });
  const url = session.url || `${input.siteUrl}/checkout/test/${session.id}`;
  return { url, sessionId: session.id };
}
