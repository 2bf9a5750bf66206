// What the Stripe refund suites share: the shop's modules (loaded after the
// test has pointed the environment at the stand-in), signed webhook delivery,
// a card order paid on Stripe's page, and reads of what it refunded.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { signedWebhookRequest } from './signed-webhook';
import type { StripeStandIn } from './stripe-stand-in';

export async function loadRefundApp() {
  const [checkout, orders, refunds, downloads, membership, db, jobs, handlers, webhook, invoices] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/domain/downloads'),
    import('@/lib/domain/membership'),
    import('@/lib/infra/db'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/background-work'),
    import('@/app/api/webhooks/stripe/route'),
    import('@/lib/domain/invoices'),
  ]);
  return {
    ...checkout,
    ...orders,
    ...refunds,
    ...downloads,
    isActiveMember: membership.isActiveMember,
    db: db.db,
    runDueJobs: jobs.runDueJobs,
    registerJobHandlers: handlers.registerJobHandlers,
    webhook: webhook.POST,
    adjustmentNotePdf: invoices.adjustmentNotePdf,
  };
}

export type RefundApp = Awaited<ReturnType<typeof loadRefundApp>>;

export function stripeRefundKit(app: RefundApp, stripe: StripeStandIn, keys: { siteUrl: string; webhookSecret: string }) {
  /** Delivers the event signed as Stripe signs it; returns the shop's outcome (processed, duplicate, ignored). */
  async function deliver(event: { id: string }) {
    const response = await app.webhook(signedWebhookRequest(keys.siteUrl, keys.webhookSecret, event), { params: Promise.resolve({}) });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { outcome: string }).outcome;
  }

  /** A card order paid on Stripe's page and reported by its webhook. */
  async function paidOrder(productIds: string[], discountCode?: string) {
    const email = `stripe-refund-${randomBytes(4).toString('hex')}@example.com`;
    const { sessionId } = await app.createCheckout({
      productIds,
      userId: null,
      customerEmail: email,
      discountCode: discountCode ?? null,
      siteUrl: keys.siteUrl,
    });
    const session = stripe.markPaid(sessionId, email);
    expect(await deliver(stripe.event('checkout.session.completed', session))).toBe('processed');
    const paymentIntentId = session.payment_intent as string;
    expect((await app.db().order.findUniqueOrThrow({ where: { sessionId } })).paymentIntentId).toBe(paymentIntentId);
    return { sessionId, email, paymentIntentId };
  }

  const refundedIds = async (sessionId: string) =>
    (await app.db().orderItem.findMany({ where: { order: { sessionId }, refundedAt: { not: null } }, select: { productId: true } }))
      .map((i) => i.productId)
      .sort();

  /** 'ok', or the error code a download of the product's first file gets. */
  const downloadStatus = (sessionId: string, productId: string, userId: string | null = null) =>
    app.createDownloadUrl({ sessionId, productId, fileIndex: 0, userId, ip: '10.0.0.1' }).then(
      () => 'ok',
      (e: { code?: string }) => e.code,
    );

  const refundMails = async (email: string) => {
    await app.runDueJobs();
    return app.db().outboxEmail.count({ where: { to: email, subject: { contains: 'refunded' } } });
  };

  return { deliver, paidOrder, refundedIds, downloadStatus, refundMails };
}
