// Refunds with Stripe: the SDK talks to the local stand-in, which keeps each
// paid session's charge and refunds it. The shop's own refund goes through
// Stripe for the items' exact share; charge.refunded and charge.dispute.created
// events, genuinely signed, end access for money that left elsewhere,
// charge.dispute.closed settles a dispute either way, and a replayed or echoed
// event changes nothing and sends no second email.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { startStripeStandInForShop, type StripeStandIn } from '../support/stripe-stand-in';
import { loadRefundApp, stripeRefundKit, type RefundApp } from '../support/stripe-refunds';

const SITE_URL = 'https://shop.example.test';
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
process.env.SITE_URL = SITE_URL;

const fx = createFixtures('RefStripe');

let stripe: StripeStandIn;
let app: RefundApp;
let kit: ReturnType<typeof stripeRefundKit>;
let cheap: { id: string };
let dear: { id: string };

const deliver = (event: { id: string }) => kit.deliver(event);
const paidOrder = (productIds: string[], discountCode?: string) => kit.paidOrder(productIds, discountCode);
const refundMails = (email: string) => kit.refundMails(email);
const refundedIds = (sessionId: string) => kit.refundedIds(sessionId);
const downloadStatus = (sessionId: string, productId: string) => kit.downloadStatus(sessionId, productId);
const outcomeMails = (email: string, subject: string) => app.db().outboxEmail.count({ where: { to: email, subject: { contains: subject } } });
const disputeMails = (email: string) => app.db().outboxEmail.count({ where: { to: email, subject: { contains: 'disputed' } } });
beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await loadRefundApp();
  kit = stripeRefundKit(app, stripe, { siteUrl: SITE_URL, webhookSecret: WEBHOOK_SECRET });
  const file = (n: string) => ({ storageKey: `it-refunds-stripe/${fx.suffix}/${n}`, originalFilename: n });
  cheap = await fx.product({ priceCents: 1000, files: [file('cheap.pdf')] });
  dear = await fx.product({ priceCents: 2500, files: [file('dear.pdf')] });
  app.registerJobHandlers();
});

afterAll(async () => {
  await stripe?.close();
});

describe('a refund made in the back office', () => {
  it('refunds one item’s share through Stripe (discount apportioned), and its charge.refunded echo changes nothing', async () => {
    const coupon = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 500 });
    const { sessionId, email, paymentIntentId } = await paidOrder([cheap.id, dear.id], coupon.code);
    const refund = await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id] });
    expect(refund).toMatchObject({ amountCents: 857, throughStripe: true, voucherReturnedCents: 0 });
    const [sent] = stripe.requestsTo('POST', '/v1/refunds');
    expect(sent.body).toMatchObject({ payment_intent: paymentIntentId, amount: '857', reason: 'requested_by_customer' });
    expect(sent.idempotencyKey).toBe(`refund-${refund.id}`);
    expect(stripe.charge(paymentIntentId)).toMatchObject({ amount: 3000, amount_refunded: 857, refunded: false });
    expect(await downloadStatus(sessionId, cheap.id)).toBe('forbidden');
    expect(await downloadStatus(sessionId, dear.id)).toBe('ok');

    // Stripe then reports the refund the shop made: already recorded.
    const echo = stripe.event('charge.refunded', stripe.charge(paymentIntentId));
    expect(await deliver(echo)).toBe('processed');
    expect(await deliver(echo)).toBe('duplicate');
    expect(await app.db().refund.count({ where: { order: { sessionId } } })).toBe(1);
    expect(await refundedIds(sessionId)).toEqual([cheap.id]);
    expect(await refundMails(email)).toBe(1);

    // The rest: exactly what is left of the charge.
    expect(await app.refundOrder({ actor: 'admin', sessionId })).toMatchObject({ amountCents: 2143, throughStripe: true });
    expect(stripe.charge(paymentIntentId)).toMatchObject({ amount_refunded: 3000, refunded: true });
  });

  it('refuses (409) when Stripe refuses, and changes nothing', async () => {
    const { sessionId, paymentIntentId } = await paidOrder([cheap.id]);
    stripe.refundInDashboard(paymentIntentId); // the money is gone already; the shop has not heard yet
    const failed = await app.refundOrder({ actor: 'admin', sessionId }).catch((e: { code: string; message: string }) => e);
    expect(failed).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/^Stripe refused the refund \(.*already been refunded.*\); nothing was refunded\.$/),
    });
    expect(await app.db().refund.count({ where: { order: { sessionId } } })).toBe(0);
    expect(await downloadStatus(sessionId, cheap.id)).toBe('ok');
    const [refused] = await app
      .db()
      .auditLog.findMany({ where: { action: 'order.refund_refused', target: (await app.db().order.findUniqueOrThrow({ where: { sessionId } })).id } });
    expect(refused.details).toMatchObject({ reason: expect.stringContaining('already been refunded') });
  });
});

describe('money that left through Stripe', () => {
  it('a full refund in the dashboard ends every item, once, however often its event comes', async () => {
    const { sessionId, email, paymentIntentId } = await paidOrder([cheap.id, dear.id]);
    const charge = stripe.refundInDashboard(paymentIntentId);
    expect(await deliver(stripe.event('charge.refunded', charge))).toBe('processed');
    // The same charge in a new event (Stripe resends under a new id after a timeout): compared, not recorded again.
    expect(await deliver(stripe.event('charge.refunded', charge))).toBe('processed');
    expect(await refundedIds(sessionId)).toEqual([cheap.id, dear.id].sort());
    const refunds = await app.db().refund.findMany({ where: { order: { sessionId } } });
    expect(refunds).toMatchObject([{ source: 'stripe_refund', amountCents: 3500, actor: 'stripe' }]);
    expect(await refundMails(email)).toBe(1);
    expect(await refundMails(email)).toBe(1);
  });

  it('a partial refund ends the items its money covers, cheapest first', async () => {
    const { sessionId, paymentIntentId } = await paidOrder([cheap.id, dear.id]);
    expect(await deliver(stripe.event('charge.refunded', stripe.refundInDashboard(paymentIntentId, 600)))).toBe('processed');
    expect(await refundedIds(sessionId)).toEqual([]);
    expect(await deliver(stripe.event('charge.refunded', stripe.refundInDashboard(paymentIntentId, 400)))).toBe('processed');
    expect(await refundedIds(sessionId)).toEqual([cheap.id]);
    expect(await downloadStatus(sessionId, dear.id)).toBe('ok');
  });

  it('a dispute suspends the whole order, once', async () => {
    const { sessionId, email, paymentIntentId } = await paidOrder([cheap.id, dear.id]);
    const event = stripe.event('charge.dispute.created', stripe.dispute(paymentIntentId));
    expect(await deliver(event)).toBe('processed');
    expect(await deliver(event)).toBe('duplicate');
    expect(await deliver({ ...event, id: `evt_${randomBytes(8).toString('hex')}` })).toBe('processed');
    expect(await refundedIds(sessionId)).toEqual([cheap.id, dear.id].sort());
    const error = await app.createDownloadUrl({ sessionId, productId: dear.id, fileIndex: 0, userId: null, ip: null }).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'forbidden', message: 'Downloads of this order are suspended while its payment is disputed' });
    expect(await app.db().refund.count({ where: { order: { sessionId }, source: 'dispute' } })).toBe(1);
    await app.runDueJobs();
    await app.runDueJobs();
    expect(await disputeMails(email)).toBe(1);
  });

  it('a dispute won gives the suspended items back, once, and tells the customer', async () => {
    const { sessionId, email, paymentIntentId } = await paidOrder([cheap.id, dear.id]);
    const dispute = stripe.dispute(paymentIntentId);
    expect(await deliver(stripe.event('charge.dispute.created', dispute))).toBe('processed');
    expect(await downloadStatus(sessionId, cheap.id)).toBe('forbidden');
    const won = { ...dispute, status: 'won' };
    expect(await deliver(stripe.event('charge.dispute.closed', won))).toBe('processed');
    expect(await refundedIds(sessionId)).toEqual([]);
    expect(await downloadStatus(sessionId, cheap.id)).toBe('ok');
    expect(await downloadStatus(sessionId, dear.id)).toBe('ok');
    // The same close again (a new event id, as a resend carries) changes nothing.
    expect(await deliver(stripe.event('charge.dispute.closed', won))).toBe('processed');
    await app.runDueJobs();
    await app.runDueJobs();
    expect(await outcomeMails(email, 'downloads available again')).toBe(1);
    const { orders } = await app.listAdminOrders({ status: 'all', search: sessionId, limit: 1, offset: 0 });
    expect(orders[0].refunds).toMatchObject([{ source: 'dispute', disputeOutcome: 'won' }]);
    expect([...orders[0].refunds[0].productIds].sort()).toEqual([cheap.id, dear.id].sort());
    // Nothing was given back, so there is nothing to adjust.
    const noNote = await app.adjustmentNotePdf({ sessionId, refundId: orders[0].refunds[0].id, userId: null }).catch((e: { code?: string }) => e.code);
    expect(noNote).toBe('not_found');
    // Restored items are ordinary again: the back office can still refund one.
    expect(await app.refundOrder({ actor: 'admin', sessionId, productIds: [cheap.id] })).toMatchObject({ productIds: [cheap.id] });
    expect(await refundedIds(sessionId)).toEqual([cheap.id]);
  });

  it('a dispute lost keeps the items ended and then gives a gift card its share', async () => {
    const card = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 500 });
    const { sessionId, email, paymentIntentId } = await paidOrder([cheap.id, dear.id], card.code);
    const balance = async () => (await app.db().voucher.findUniqueOrThrow({ where: { id: card.id } })).currentBalanceCents;
    const dispute = stripe.dispute(paymentIntentId);
    expect(await deliver(stripe.event('charge.dispute.created', dispute))).toBe('processed');
    // Open, the dispute only suspends: the card's money is still in the order.
    expect(await balance()).toBe(0);
    expect(await deliver(stripe.event('charge.dispute.closed', { ...dispute, status: 'lost' }))).toBe('processed');
    expect(await deliver(stripe.event('charge.dispute.closed', { ...dispute, status: 'lost' }))).toBe('processed');
    expect(await balance()).toBe(500);
    expect(await refundedIds(sessionId)).toEqual([cheap.id, dear.id].sort());
    const error = await app.createDownloadUrl({ sessionId, productId: dear.id, fileIndex: 0, userId: null, ip: null }).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'forbidden', message: 'The payment for this order was returned after a dispute, so its downloads have ended' });
    await app.runDueJobs();
    expect(await outcomeMails(email, 'dispute closed')).toBe(1);
    // The money went back, so the sale has its adjustment note, linked from the email.
    const closed = await app.db().refund.findUniqueOrThrow({ where: { stripeDisputeId: dispute.id } });
    const note = await app.adjustmentNotePdf({ sessionId, refundId: closed.id, userId: null });
    expect(note.filename).toMatch(/^ADJ-\d{6}\.pdf$/);
    const mail = await app.db().outboxEmail.findFirstOrThrow({ where: { to: email, subject: { contains: 'dispute closed' } } });
    expect(mail.text).toContain(`/api/orders/invoice/${sessionId}/adjustments/${closed.id}`);
  });

  it('a close that comes without its opening is recorded as both: a late opening changes nothing', async () => {
    const won = await paidOrder([cheap.id]);
    const wonDispute = stripe.dispute(won.paymentIntentId);
    expect(await deliver(stripe.event('charge.dispute.closed', { ...wonDispute, status: 'warning_closed' }))).toBe('processed');
    expect(await deliver(stripe.event('charge.dispute.created', wonDispute))).toBe('processed');
    expect(await downloadStatus(won.sessionId, cheap.id)).toBe('ok');

    const lost = await paidOrder([dear.id]);
    const lostDispute = stripe.dispute(lost.paymentIntentId);
    expect(await deliver(stripe.event('charge.dispute.closed', { ...lostDispute, status: 'lost' }))).toBe('processed');
    expect(await deliver(stripe.event('charge.dispute.created', lostDispute))).toBe('processed');
    expect(await refundedIds(lost.sessionId)).toEqual([dear.id]);
    await app.runDueJobs();
    // Only the outcome is told: "suspended while the dispute is open" would no longer be true.
    expect(await disputeMails(lost.email)).toBe(0);
    expect(await outcomeMails(lost.email, 'dispute closed')).toBe(1);
    expect(await app.db().refund.count({ where: { stripeDisputeId: { in: [wonDispute.id, lostDispute.id] } } })).toBe(2);
  });

  it('ignores a dispute status that settles nothing', async () => {
    const { sessionId, paymentIntentId } = await paidOrder([cheap.id]);
    expect(await deliver(stripe.event('charge.dispute.closed', { ...stripe.dispute(paymentIntentId), status: 'under_review' }))).toBe('ignored');
    expect(await refundedIds(sessionId)).toEqual([]);
  });

  it('ignores a charge that is no order’s (a membership invoice)', async () => {
    expect(await deliver(stripe.event('charge.refunded', { id: 'ch_other', amount: 3500, amount_refunded: 3500, payment_intent: 'pi_unknown' }))).toBe(
      'ignored',
    );
  });
});
