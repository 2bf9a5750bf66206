// Cancelling a Stripe member's membership from the back office (Decision 091),
// with Stripe played by the local stand-in: the shop's own end is written with
// its audit row at once, and the change at Stripe (cancel now, or stop renewal)
// is made by the membership-provider job that transaction queued.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { startStripeStandInForShop, type StripeStandIn } from '../support/stripe-stand-in';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
process.env.SITE_URL = 'https://shop.example.test';

const fx = createFixtures('CustStripe');
let stripe: StripeStandIn;
let app: Awaited<ReturnType<typeof loadApp>>;

async function loadApp() {
  const [customers, membership, db, jobs, handlers] = await Promise.all([
    import('@/lib/domain/customers'),
    import('@/lib/domain/membership'),
    import('@/lib/infra/db'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/background-work'),
  ]);
  return { ...customers, isActiveMember: membership.isActiveMember, db: db.db, runDueJobs: jobs.runDueJobs, registerJobHandlers: handlers.registerJobHandlers };
}

async function stripeMember() {
  const periodEnd = new Date(Date.now() + 30 * 86_400_000);
  const user = await fx.user({ membershipEndsAt: periodEnd });
  const sub = stripe.addSubscription({ userId: user.id, interval: 'month', currentPeriodEnd: periodEnd });
  await app.db().membership.update({ where: { userId: user.id }, data: { stripeSubscriptionId: sub.id } });
  return { user, sub };
}

beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await loadApp();
  app.registerJobHandlers();
});

afterAll(async () => {
  await stripe?.close();
});

describe('cancelling a Stripe membership in the back office', () => {
  it('now: access ends at once, and the job cancels the subscription at Stripe', async () => {
    const { user, sub } = await stripeMember();
    await app.cancelCustomerMembership('owner', user.id, 'now');
    expect(await app.isActiveMember(user.id)).toBe(false);
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('active');
    await app.runDueJobs();
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('canceled');
    // The mirror, re-read from Stripe, keeps the shop's end.
    expect(await app.db().membership.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ status: 'canceled', endedAt: expect.any(Date) });
    expect(await app.db().auditLog.count({ where: { target: user.id, action: 'customer.membership.cancel' } })).toBe(1);
  });

  it('at the period end: still a member, and the subscription stops renewing at Stripe', async () => {
    const { user, sub } = await stripeMember();
    await app.cancelCustomerMembership('owner', user.id, 'period_end');
    await app.runDueJobs();
    expect(stripe.subscriptions.get(sub.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await app.isActiveMember(user.id)).toBe(true);
    expect(await app.db().membership.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ cancelAtPeriodEnd: true, endedAt: null });
  });
});
