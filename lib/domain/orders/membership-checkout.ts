// Opening a membership checkout: an order of kind 'subscription' that lapses
// like any other, and a payment session for the plan at the promo's price.
// The promo code (the page's `test_code`) is a discount code scoped to a
// membership's first period (Decision 090): its use is reserved with the order
// and given back if the order lapses. Unknown codes are refused (docs/security.md S9).
// Owned here rather than by membership because it writes an order.
import 'server-only';
import { DISCOUNT_MESSAGES, discountOnCents, findDiscountCode, lockUsableDiscount, reserveDiscount, type DiscountCode } from '@/lib/domain/discounts';
import { AppError, invalid } from '@/lib/domain/errors';
import { isActiveMember, PLANS, type PlanInterval } from '@/lib/domain/membership';
import { db } from '@/lib/infra/db';
import { paymentMode, randomSessionId } from '@/lib/infra/payments';
import { createSubscriptionSession, type SubscriptionInput } from '@/lib/infra/payments/subscriptions';
import { expireOrder } from './fulfilment';
import { newOrderId } from './ids';
import { scheduleOrderLapse } from './lapse';

export async function startSubscription(input: {
  user: { id: string; email: string };
  interval: PlanInterval;
  promoCode?: string | null;
  siteUrl: string;
}): Promise<{ url: string; sessionId: string }> {
  if (await isActiveMember(input.user.id)) throw new AppError('conflict', 'You already have an active membership');
  const promo = await findMembershipCode(input.promoCode);
  const plan = PLANS[input.interval];
  const identity = { userId: input.user.id, email: input.user.email };
  const orderId = newOrderId();
  const successUrl = (id: string) => `${input.siteUrl}/membership-success?session_id=${id}`;

  const expiresAt = new Date(Date.now() + 30 * 60 * 1000);
  const { order, discountCents } = await db().$transaction(async (tx) => {
    // Under the code's lock, as a cart checkout: its caps count this use or refuse it.
    const held = promo ? await lockUsableDiscount(tx, promo.id, identity) : null;
    const discountCents = held ? discountOnCents(held, plan.amountCents) : 0;
    const created = await tx.order.create({
      data: {
        id: orderId,
        sessionId: `pending_${orderId}`,
        kind: 'subscription',
        planInterval: input.interval,
        userId: input.user.id,
        customerEmail: input.user.email,
        subtotalCents: plan.amountCents,
        discountCents,
        amountCents: plan.amountCents - discountCents,
        discountCodeId: held && discountCents > 0 ? held.id : null,
        expiresAt,
      },
    });
    if (held && discountCents > 0) await reserveDiscount(tx, held, created.id, identity, discountCents);
    await scheduleOrderLapse(tx, created.id, expiresAt);
    return { order: created, discountCents };
  });

  const session =
    paymentMode() === 'test'
      ? { id: randomSessionId(), url: '' }
      : await openSubscriptionSession(order.sessionId, {
          orderId: order.id,
          userId: input.user.id,
          email: input.user.email,
          interval: input.interval,
          planName: `${plan.name} membership`,
          amountCents: plan.amountCents,
          discountCents,
          successUrl: successUrl('{CHECKOUT_SESSION_ID}'),
          cancelUrl: `${input.siteUrl}/membership`,
        });
  await db().order.update({ where: { id: order.id }, data: { sessionId: session.id } });
  const url = session.url || `${input.siteUrl}/checkout/test/${session.id}`;
  return { url, sessionId: session.id };
}

/** Stripe's session; when it cannot be opened the order closes at once, giving its code's use back. */
async function openSubscriptionSession(pendingSessionId: string, input: SubscriptionInput) {
  try {
    return await createSubscriptionSession(input);
  } catch (error) {
    await expireOrder(pendingSessionId);
    throw error;
  }
}

/** The membership code typed, or null for none; unknown codes and codes for carts are refused, never ignored. */
async function findMembershipCode(code: string | null | undefined): Promise<DiscountCode | null> {
  if (!code?.trim()) return null;
  const found = await findDiscountCode(code);
  if (!found) throw invalid('Invalid promo code');
  if (found.scope !== 'membership') throw invalid(DISCOUNT_MESSAGES.notForMembership);
  return found;
}
