// Refunds and disputes of membership payments, with Stripe played by the
// local stand-in (Decision 075): a refund ends the membership now or at the
// end of its paid period, as the owner chooses; a dispute ends it at once and
// stops renewal; a won dispute restores both. The member's $0 checkouts stop
// (and start again) downloading with it. The payment's charge is found through
// its invoice, for a renewal and for the checkout's first period alike.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { startStripeStandInForShop, type StripeStandIn } from '../support/stripe-stand-in';
import { loadRefundApp, stripeRefundKit, type RefundApp } from '../support/stripe-refunds';

const SITE_URL = 'https://shop.example.test';
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
process.env.SITE_URL = SITE_URL;

const fx = createFixtures('MemRefund');

let stripe: StripeStandIn;
let app: RefundApp;
let kit: ReturnType<typeof stripeRefundKit>;
let poster: { id: string };

const key = () => `key-${randomBytes(8).toString('hex')}`;
const membershipOf = (userId: string) => app.db().membership.findUniqueOrThrow({ where: { userId } });
const mailsTo = (to: string, subject: string) => app.db().outboxEmail.findMany({ where: { to, subject: { contains: subject } } });

/** A member whose Stripe subscription has just renewed (invoice.paid), with a $0 member checkout of the poster. */
async function renewedMember() {
  const periodEnd = new Date(Date.now() + 30 * 86_400_000);
  const user = await fx.user({ membershipEndsAt: periodEnd });
  const sub = stripe.addSubscription({ userId: user.id, interval: 'month', currentPeriodEnd: periodEnd });
  await app.db().membership.update({ where: { userId: user.id }, data: { stripeSubscriptionId: sub.id } });
  const invoice = stripe.payInvoice(sub.id, { amount: 3500 });
  expect(await kit.deliver(stripe.event('invoice.paid', invoice))).toBe('processed');
  const free = await app.createCheckout({ productIds: [poster.id], userId: user.id, customerEmail: null, siteUrl: SITE_URL });
  expect(free.freeCheckout).toBe(true);
  const paymentIntentId = stripe.invoicePaymentIntent(invoice.id)!;
  return { user, sub, invoice, paymentIntentId, memberOrder: free.sessionId };
}

beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await loadRefundApp();
  kit = stripeRefundKit(app, stripe, { siteUrl: SITE_URL, webhookSecret: WEBHOOK_SECRET });
  poster = await fx.product({ priceCents: 1200, files: [{ storageKey: `it-membership-refunds/${fx.suffix}/poster.pdf`, originalFilename: 'poster.pdf' }] });
  app.registerJobHandlers();
});

afterAll(async () => {
  await stripe?.close();
});

describe('refunding a membership payment in the back office', () => {
  it('by default ends the membership now: the card is refunded, the subscription cancelled, member downloads end', async () => {
    const { user, sub, invoice, paymentIntentId, memberOrder } = await renewedMember();
    expect(await kit.downloadStatus(memberOrder, poster.id, user.id)).toBe('ok');
    const refund = await app.refundOrder({ actor: 'admin', sessionId: invoice.id, idempotencyKey: key() });
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 3500, productIds: [], throughStripe: true, membershipEnd: 'now' });
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntentId)).toMatchObject([{ amount: 3500, metadata: { refund_id: refund.id } }]);
    expect(await app.isActiveMember(user.id)).toBe(false);
    expect(await kit.downloadStatus(memberOrder, poster.id, user.id)).toBe('forbidden');
    // What the member checkout gave can be bought again.
    expect(await app.ownedProductIds(user.id)).toEqual([]);

    await app.runDueJobs();
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('canceled');
    expect(await membershipOf(user.id)).toMatchObject({ status: 'canceled', endedByRefundId: refund.id });
    const [mail] = await mailsTo(user.email, 'membership payment');
    expect(mail.text).toContain('Your membership has ended');
    const note = pdfText(Buffer.from((await app.adjustmentNotePdf({ sessionId: invoice.id, refundId: refund.id, userId: user.id })).body));
    expect(note[note.indexOf('Items refunded') + 1]).toBe('Monthly membership');
    // Refunded whole, once.
    const again = await app.refundOrder({ actor: 'admin', sessionId: invoice.id, idempotencyKey: key() }).catch((e: Error) => e);
    expect(again).toMatchObject({ code: 'conflict' });
  });

  it('kept to the end of the paid period: still a member, and the subscription does not renew', async () => {
    const { user, sub, invoice, memberOrder } = await renewedMember();
    const refund = await app.refundOrder({ actor: 'admin', sessionId: invoice.id, idempotencyKey: key(), membershipEnd: 'period_end' });
    expect(refund).toMatchObject({ status: 'succeeded', membershipEnd: 'period_end' });
    expect(await app.isActiveMember(user.id)).toBe(true);
    expect(await kit.downloadStatus(memberOrder, poster.id, user.id)).toBe('ok');
    await app.runDueJobs();
    expect(stripe.subscriptions.get(sub.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await membershipOf(user.id)).toMatchObject({ cancelAtPeriodEnd: true, endedAt: null });
  });

  it('refunds the first period through the checkout session’s invoice', async () => {
    const user = await fx.user();
    const started = await app.startSubscription({ user, interval: 'month', siteUrl: SITE_URL });
    const session = stripe.markPaid(started.sessionId);
    expect(await kit.deliver(stripe.event('checkout.session.completed', session))).toBe('processed');
    expect(await app.isActiveMember(user.id)).toBe(true);
    const refund = await app.refundOrder({ actor: 'admin', sessionId: started.sessionId, idempotencyKey: key() });
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 3500 });
    const paymentIntentId = stripe.invoicePaymentIntent(session.invoice!)!;
    expect(stripe.charge(paymentIntentId)).toMatchObject({ amount_refunded: 3500 });
    expect(await app.isActiveMember(user.id)).toBe(false);
  });
});

describe('a dispute of a membership payment', () => {
  it('ends the membership at once and stops renewal; won, it restores both', async () => {
    const { user, sub, invoice, paymentIntentId, memberOrder } = await renewedMember();
    const dispute = stripe.dispute(paymentIntentId);
    // The payment's order is found through the invoice its PaymentIntent paid, and keeps it.
    expect(await kit.deliver(stripe.event('charge.dispute.created', dispute))).toBe('processed');
    expect((await app.db().order.findUniqueOrThrow({ where: { sessionId: invoice.id } })).paymentIntentId).toBe(paymentIntentId);
    expect(await app.isActiveMember(user.id)).toBe(false);
    expect(await kit.downloadStatus(memberOrder, poster.id, user.id)).toBe('forbidden');
    await app.runDueJobs();
    expect(stripe.subscriptions.get(sub.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await mailsTo(user.email, 'payment disputed')).toHaveLength(1);

    expect(await kit.deliver(stripe.event('charge.dispute.closed', { ...dispute, status: 'won' }))).toBe('processed');
    expect(await app.isActiveMember(user.id)).toBe(true);
    expect(await kit.downloadStatus(memberOrder, poster.id, user.id)).toBe('ok');
    await app.runDueJobs();
    expect(stripe.subscriptions.get(sub.id)).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(await membershipOf(user.id)).toMatchObject({ endedAt: null, cancelAtPeriodEnd: false, renewalStoppedByRefundId: null });
    expect(await mailsTo(user.email, 'membership active again')).toHaveLength(1);
  });

  it('lost, keeps it ended and issues the adjustment note', async () => {
    const { user, invoice, paymentIntentId } = await renewedMember();
    const dispute = stripe.dispute(paymentIntentId);
    expect(await kit.deliver(stripe.event('charge.dispute.created', dispute))).toBe('processed');
    expect(await kit.deliver(stripe.event('charge.dispute.closed', { ...dispute, status: 'lost' }))).toBe('processed');
    expect(await app.isActiveMember(user.id)).toBe(false);
    const closed = await app.db().refund.findUniqueOrThrow({ where: { stripeDisputeId: dispute.id }, include: { adjustmentNote: true } });
    expect(closed.adjustmentNote).not.toBeNull();
    await app.runDueJobs();
    const [mail] = await mailsTo(user.email, 'dispute closed');
    expect(mail.text).toContain('so your membership has ended');
    expect(mail.text).toContain(`/api/orders/invoice/${invoice.id}/adjustments/${closed.id}`);
  });

  it('a new subscription after the end starts afresh', async () => {
    const { user, paymentIntentId } = await renewedMember();
    expect(await kit.deliver(stripe.event('charge.dispute.created', stripe.dispute(paymentIntentId)))).toBe('processed');
    expect(await app.isActiveMember(user.id)).toBe(false);
    const next = stripe.addSubscription({ userId: user.id, interval: 'year', currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000) });
    expect(await kit.deliver(stripe.event('customer.subscription.created', next))).toBe('processed');
    expect(await app.isActiveMember(user.id)).toBe(true);
  });
});
