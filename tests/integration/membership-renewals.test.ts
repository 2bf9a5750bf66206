// Membership renewals with Stripe: each invoice.paid for a new billing cycle,
// delivered to the webhook route signed as Stripe signs it, becomes a paid
// membership order with its own invoice PDF, once however often it is delivered.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { startStripeStandInForShop, type StripeStandIn } from '../support/stripe-stand-in';
import { signedWebhookRequest } from '../support/signed-webhook';

const SITE_URL = 'https://shop.example.test';
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
process.env.SITE_URL = SITE_URL;

const fx = createFixtures('Renewal');

async function loadApp() {
  const [orders, invoices, db, webhook] = await Promise.all([
    import('@/lib/domain/orders'),
    import('@/lib/domain/invoices'),
    import('@/lib/infra/db'),
    import('@/app/api/webhooks/stripe/route'),
  ]);
  return { ...orders, ...invoices, db: db.db, webhook: webhook.POST };
}

let stripe: StripeStandIn;
let app: Awaited<ReturnType<typeof loadApp>>;

async function deliver(type: string, object: Record<string, unknown>, eventId = `evt_${randomBytes(12).toString('hex')}`) {
  const response = await app.webhook(signedWebhookRequest(SITE_URL, WEBHOOK_SECRET, { ...stripe.event(type, object), id: eventId }), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(200);
}

/** A member whose Stripe subscription the shop already follows. */
async function stripeMember() {
  const periodEnd = new Date(Date.now() + 30 * 86_400_000);
  const user = await fx.user({ membershipEndsAt: periodEnd });
  const sub = stripe.addSubscription({ userId: user.id, interval: 'month', currentPeriodEnd: periodEnd });
  await app.db().membership.update({ where: { userId: user.id }, data: { stripeSubscriptionId: sub.id } });
  return { user, sub };
}

function invoice(subscriptionId: string, overrides: Record<string, unknown> = {}) {
  return {
    id: `in_${randomBytes(12).toString('hex')}`,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_paid: 3500,
    currency: 'aud',
    customer_email: null,
    status: 'paid',
    status_transitions: { paid_at: Math.floor(Date.UTC(2026, 11, 24, 3) / 1000) },
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    ...overrides,
  };
}

beforeAll(async () => {
  stripe = await startStripeStandInForShop({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await loadApp();
});

afterAll(async () => {
  await stripe?.close();
});

describe('membership renewals', () => {
  it('records a renewal as a paid membership order with its invoice, once per invoice', async () => {
    const { user, sub } = await stripeMember();
    const renewal = invoice(sub.id);
    await deliver('invoice.paid', renewal);
    // A second delivery of the same invoice (a new event id, as after Stripe's retry) adds nothing.
    await deliver('invoice.paid', renewal);

    const orders = await app.db().order.findMany({ where: { userId: user.id, kind: 'subscription' } });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      sessionId: renewal.id,
      planInterval: 'month',
      amountCents: 3500,
      paymentStatus: 'paid',
      status: 'complete',
      customerEmail: user.email,
      fulfilledAt: new Date(Date.UTC(2026, 11, 24, 3)),
    });

    const pdf = await app.orderInvoicePdf({ sessionId: renewal.id, userId: user.id });
    const text = pdfText(Buffer.from(pdf.body));
    expect(text[text.indexOf('Monthly membership') + 1]).toBe('35.00 AUD');
    expect(text).toContain('Date: 24/12/2026');
    await expect(app.orderInvoicePdf({ sessionId: renewal.id, userId: null })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('leaves the first period to the checkout order, and ignores failed payments', async () => {
    const { user, sub } = await stripeMember();
    await deliver('invoice.paid', invoice(sub.id, { billing_reason: 'subscription_create' }));
    await deliver('invoice.payment_failed', invoice(sub.id, { status: 'open', amount_paid: 0 }));
    expect(await app.db().order.count({ where: { userId: user.id } })).toBe(0);
  });

  it("lists the member's payments, newest first, with their invoices, and only to that member", async () => {
    const { user, sub } = await stripeMember();
    const first = invoice(sub.id, { status_transitions: { paid_at: Math.floor(Date.UTC(2026, 10, 1) / 1000) } });
    const second = invoice(sub.id, { amount_paid: 2975, status_transitions: { paid_at: Math.floor(Date.UTC(2026, 11, 1) / 1000) } });
    await deliver('invoice.paid', first);
    await deliver('invoice.paid', second);

    expect(await app.membershipPayments(user.id)).toEqual([
      { sessionId: second.id, planInterval: 'month', amountCents: 2975, paidAt: new Date(Date.UTC(2026, 11, 1)) },
      { sessionId: first.id, planInterval: 'month', amountCents: 3500, paidAt: new Date(Date.UTC(2026, 10, 1)) },
    ]);
    const other = await fx.user();
    expect(await app.membershipPayments(other.id)).toEqual([]);
  });
});
