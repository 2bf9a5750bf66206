// Months of trading on a moving clock, through the shop's own paths (checkout,
// signed webhooks, the back office's refunds), for the Insights tests: a seeded
// random mix of operations plus fixed ones on the edges that matter (a Sydney
// midnight, the daylight-saving change, a quarter and a financial year ending).
import { randomBytes } from 'node:crypto';
import { expect, vi } from 'vitest';
import { addDays, shopDay, type Day, type DayRange, type Interval } from '@/lib/calendar';
import type { createFixtures } from './fixtures';
import type { expectedInsights } from './insights-recompute';
import { pdfText } from './pdf-text';
import type { StripeStandIn } from './stripe-stand-in';

/** The shop's modules the Insights tests drive, imported once the test has set the environment. */
export async function loadInsightsApp() {
  const [checkout, orders, refunds, shares, insights, invoices, membership, db, webhook] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    // The share rule itself, which the refunds module keeps to itself: the recomputation uses it.
    import('@/lib/domain/refunds/shares'),
    import('@/lib/domain/insights'),
    import('@/lib/domain/invoices'),
    import('@/lib/domain/membership'),
    import('@/lib/infra/db'),
    import('@/app/api/webhooks/stripe/route'),
  ]);
  return {
    ...checkout,
    ...orders,
    ...refunds,
    itemShares: shares.itemShares,
    ...insights,
    ...invoices,
    addPeriod: membership.addPeriod,
    db: db.db,
    webhook: webhook.POST,
  };
}

export type App = Awaited<ReturnType<typeof loadInsightsApp>>;

type Context = {
  app: App;
  stripe: StripeStandIn;
  fx: ReturnType<typeof createFixtures>;
  deliver: (event: { id: string }) => Promise<void>;
  siteUrl: string;
  registered: { name: string; abn: string; address: string; email: string; gstRegistered: boolean };
};

export type Trading = Awaited<ReturnType<typeof randomTrading>>;

/** A seeded generator (mulberry32), so a failure can be replayed from the seed in its message. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: T[]) => list[int(list.length)] };
}

const cents = (text: string[], label: string) => {
  const value = text[text.indexOf(label) + 1];
  return Math.round(Number(value.replace(' AUD', '')) * 100);
};
const dateOf = (text: string[]) => {
  const [d, m, y] = text
    .find((t) => t.startsWith('Date: '))!
    .slice(6)
    .split('/');
  return `${y}-${m}-${d}`;
};

export async function randomTrading({ app, stripe, fx, deliver, siteUrl, registered }: Context) {
  const seed = Number(process.env.INSIGHTS_SEED ?? randomBytes(4).readUInt32BE(0));
  const random = generator(seed);
  console.log(`[insights] random trading with INSIGHTS_SEED=${seed}`);
  let clock = Date.parse('2026-03-20T02:00:00Z');
  const tick = (ms: number) => vi.setSystemTime((clock += ms));
  tick(0);

  const products = await Promise.all([500, 990, 1250, 1500, 1999, 2500, 2750, 3300, 4000, 4500].map((priceCents) => fx.product({ priceCents })));
  const bundles = await Promise.all([
    fx.product({ priceCents: 5500, isBundle: true, bundleOf: [products[0].id, products[1].id] }),
    fx.product({ priceCents: 7900, isBundle: true, bundleOf: [products[2].id, products[3].id] }),
  ]);
  const catalogue = [...products, ...bundles];
  const percent = await fx.voucher({ type: 'percentage', usageType: 'reusable', basisPoints: 1500 });
  // Discount codes rank beside the vouchers: a campaign on the cart, and one for a membership's first period.
  const campaignCode = (scope: 'cart' | 'membership', valueBasisPoints: number) =>
    app.db().discountCode.create({ data: { code: `${scope.toUpperCase()}-${fx.suffix}`.toUpperCase(), type: 'percentage', valueBasisPoints, scope } });
  const [campaign, joinCode] = [await campaignCode('cart', 2000), await campaignCode('membership', 5000)];
  const emails = Array.from({ length: 12 }, (_, i) => `Buyer${i}-${fx.suffix}@Example.com`);
  const members = await Promise.all([1, 2, 3].map(() => fx.user({ membershipEndsAt: new Date('2027-12-31T00:00:00Z') })));
  const subscribers = await Promise.all(
    ['month', 'month', 'year', 'month'].map(async (interval) => {
      const user = await fx.user({ membershipEndsAt: new Date('2027-12-31T00:00:00Z') });
      const sub = stripe.addSubscription({ userId: user.id, interval: interval as 'month' | 'year', currentPeriodEnd: new Date('2027-12-31T00:00:00Z') });
      await app.db().membership.update({ where: { userId: user.id }, data: { stripeSubscriptionId: sub.id, planInterval: interval as 'month' | 'year' } });
      return { user, sub, interval };
    }),
  );

  const counts = {
    cardOrders: 0,
    codeOrders: 0,
    discountCodeOrders: 0,
    discountCodeJoins: 0,
    giftCardOrders: 0,
    memberOrders: 0,
    joins: 0,
    renewals: 0,
    adminRefunds: 0,
    dashboardRefunds: 0,
    disputesWon: 0,
    disputesLost: 0,
    cancellations: 0,
  };
  const card: { sessionId: string; paymentIntentId: string; day: Day }[] = [];
  const refundable: string[] = [];
  const open: { dispute: ReturnType<StripeStandIn['dispute']> }[] = [];
  // The back office refunds only orders whose charge Stripe has not touched otherwise, as an owner would.
  const touched = (paymentIntentId: string) => {
    const order = card.find((c) => c.paymentIntentId === paymentIntentId);
    if (order && refundable.includes(order.sessionId)) refundable.splice(refundable.indexOf(order.sessionId), 1);
  };
  const disputed = new Set<string>();
  const cancelled: Day[] = [];

  const issueInvoice = async (sessionId: string) => {
    const order = await app.db().order.findUniqueOrThrow({ where: { sessionId } });
    // As at the payment, as the invoice will be once it is issued in the payment's own transaction.
    await app.orderInvoicePdf({ sessionId, userId: order.userId });
  };
  const some = () => [...new Set(Array.from({ length: 1 + random.int(3) }, () => random.pick(catalogue).id))];

  async function cardOrder(code?: string) {
    const email = random.pick(emails);
    const { sessionId } = await app.createCheckout({ productIds: some(), userId: null, customerEmail: email, discountCode: code ?? null, siteUrl });
    tick(60_000);
    const session = stripe.markPaid(sessionId, email);
    await deliver(stripe.event('checkout.session.completed', session));
    await issueInvoice(sessionId);
    card.push({ sessionId, paymentIntentId: session.payment_intent as string, day: shopDay() });
    refundable.push(sessionId);
    counts[code ? 'codeOrders' : 'cardOrders'] += 1;
  }

  async function openDispute() {
    const { paymentIntentId } = random.pick(card);
    const charge = stripe.charge(paymentIntentId);
    if (charge.amount <= charge.amount_refunded || disputed.has(paymentIntentId)) return;
    touched(paymentIntentId);
    disputed.add(paymentIntentId);
    const dispute = stripe.dispute(paymentIntentId);
    await deliver(stripe.event('charge.dispute.created', dispute));
    open.push({ dispute });
  }

  async function closeDispute(status: 'won' | 'lost' = random.next() < 0.5 ? 'won' : 'lost') {
    const next = open.shift();
    if (!next) return;
    await deliver(stripe.event('charge.dispute.closed', { ...next.dispute, status }));
    counts[status === 'won' ? 'disputesWon' : 'disputesLost'] += 1;
  }

  const operations: [number, () => Promise<unknown>][] = [
    [30, () => cardOrder()],
    [6, () => cardOrder(percent.code)],
    [
      4,
      async () => {
        await cardOrder(campaign.code);
        counts.discountCodeOrders += 1;
      },
    ],
    [
      3,
      async () => {
        const oneTime = await fx.voucher({ type: 'fixed_amount', usageType: 'one_time', valueCents: 300 });
        await cardOrder(oneTime.code);
      },
    ],
    [
      3,
      async () => {
        const gift = await fx.voucher({ type: 'fixed_amount', usageType: 'reusable', balanceCents: 20_000 });
        const result = await app.createCheckout({ productIds: some(), userId: null, customerEmail: random.pick(emails), discountCode: gift.code, siteUrl });
        await issueInvoice(result.sessionId);
        refundable.push(result.sessionId);
        counts.giftCardOrders += 1;
      },
    ],
    [
      6,
      async () => {
        const member = random.pick(members);
        const owned = new Set(await app.ownedProductIds(member.id));
        const wanted = some().filter((id) => !owned.has(id));
        if (wanted.length === 0) return;
        const result = await app.createCheckout({ productIds: wanted, userId: member.id, customerEmail: null, siteUrl });
        await issueInvoice(result.sessionId);
        refundable.push(result.sessionId);
        counts.memberOrders += 1;
      },
    ],
    [
      4,
      async () => {
        const user = await fx.user();
        // Every other member joins with the code.
        const promoCode = counts.joins > counts.discountCodeJoins ? joinCode.code : null;
        const { sessionId } = await app.startSubscription({ user, interval: random.pick(['month', 'year'] as const), promoCode, siteUrl });
        tick(60_000);
        await deliver(stripe.event('checkout.session.completed', stripe.markPaid(sessionId, user.email)));
        await issueInvoice(sessionId);
        counts[promoCode ? 'discountCodeJoins' : 'joins'] += 1;
      },
    ],
    [
      6,
      async () => {
        const { user, sub, interval } = random.pick(subscribers);
        const invoiceId = `in_${randomBytes(12).toString('hex')}`;
        await deliver(
          stripe.event('invoice.paid', {
            id: invoiceId,
            object: 'invoice',
            billing_reason: 'subscription_cycle',
            amount_paid: interval === 'year' ? 29_900 : 3_500,
            currency: 'aud',
            status_transitions: { paid_at: Math.floor(clock / 1000) },
            parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
          }),
        );
        await app.orderInvoicePdf({ sessionId: invoiceId, userId: user.id });
        counts.renewals += 1;
      },
    ],
    [
      9,
      async () => {
        const sessionId = random.pick(refundable);
        const order = await app.db().order.findUniqueOrThrow({ where: { sessionId }, include: { items: true } });
        const left = order.items.filter((i) => !i.refundedAt);
        if (left.length === 0) return;
        const productIds = random.next() < 0.5 ? undefined : [random.pick(left).productId];
        await app.refundOrder({ actor: 'admin', sessionId, productIds });
        if (order.paymentIntentId) await deliver(stripe.event('charge.refunded', stripe.charge(order.paymentIntentId)));
        counts.adminRefunds += 1;
      },
    ],
    [
      4,
      async () => {
        const { paymentIntentId } = random.pick(card);
        const charge = stripe.charge(paymentIntentId);
        const left = charge.amount - charge.amount_refunded;
        if (left <= 0 || disputed.has(paymentIntentId)) return;
        touched(paymentIntentId);
        await deliver(stripe.event('charge.refunded', stripe.refundInDashboard(paymentIntentId, random.next() < 0.3 ? left : 1 + random.int(left))));
        counts.dashboardRefunds += 1;
      },
    ],
    [4, openDispute],
    [4, () => closeDispute()],
    [
      2,
      async () => {
        const subscriber = subscribers.find((s) => !s.sub.cancel_at_period_end);
        if (!subscriber) return;
        subscriber.sub.cancel_at_period_end = true;
        // Stripe sends the change more than once (created, updated, a retry): one cancellation.
        await deliver(stripe.event('customer.subscription.updated', { id: subscriber.sub.id, object: 'subscription' }));
        await deliver(stripe.event('customer.subscription.updated', { id: subscriber.sub.id, object: 'subscription' }));
        cancelled.push(shopDay());
        counts.cancellations += 1;
      },
    ],
  ];
  const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
  async function randomOperation() {
    let roll = random.int(totalWeight);
    for (const [weight, run] of operations) {
      if ((roll -= weight) < 0) return run();
    }
  }

  // Orders on the edges: a second before and after a Sydney midnight that ends a quarter, both
  // 2:30 am of the night daylight saving ends, and either side of the financial year's end.
  const edges = ['2026-03-31T12:59:30Z', '2026-03-31T13:00:30Z', '2026-04-04T15:30:00Z', '2026-04-04T16:30:00Z'];
  const later = ['2026-06-30T13:59:00Z', '2026-06-30T14:00:30Z'];
  for (let i = 0; i < 3; i++) await cardOrder();
  const registerAt = Date.parse('2026-04-20T01:00:00Z');
  const end = Date.parse('2026-07-12T00:00:00Z');
  let registeredYet = false;
  while (clock < end) {
    const edge = [...edges, ...later].map(Date.parse).find((at) => at > clock && at - clock < 20 * 3_600_000);
    if (edge) {
      tick(edge - clock);
      await cardOrder();
    }
    if (!registeredYet && clock >= registerAt) {
      await app.saveBusinessDetails('admin', registered);
      registeredYet = true;
    }
    tick(3_600_000 * (3 + random.int(18)) + random.int(3_600_000));
    await randomOperation().catch((error: unknown) => {
      throw new Error(`INSIGHTS_SEED=${seed}: ${error instanceof Error ? error.stack : String(error)}`);
    });
  }
  // Whatever the dice missed, once each, in the last quarter; and every dispute settled.
  for (const status of ['won', 'lost'] as const) {
    while (counts[status === 'won' ? 'disputesWon' : 'disputesLost'] === 0) {
      if (open.length === 0) await openDispute();
      await closeDispute(status);
    }
  }
  for (const [kind, index] of [
    ['dashboardRefunds', 8],
    ['adminRefunds', 7],
    ['cancellations', 11],
    ['renewals', 6],
    ['joins', 5],
  ] as const) {
    while (counts[kind] === 0) await operations[index][1]();
  }
  while (open.length) await closeDispute();
  // Refunds in the last quarter: of a sale made in it, and of a registered sale of the quarter
  // before, which its adjustment note (and so the BAS) dates in the quarter the refund happened.
  await cardOrder();
  const earlier = card.find((c) => c.day >= '2026-04-21' && c.day <= '2026-06-30' && refundable.includes(c.sessionId));
  for (const sessionId of [card[card.length - 1].sessionId, earlier?.sessionId]) {
    const left = sessionId && (await app.db().orderItem.count({ where: { order: { sessionId }, refundedAt: null } }));
    if (!left) continue;
    tick(3_600_000);
    await app.refundOrder({ actor: 'admin', sessionId: sessionId! });
  }
  tick(3_600_000);
  const now = new Date(clock);

  const ranges: { range: DayRange; interval: Interval }[] = [
    ...(['day', 'week', 'month'] as const).map((interval) => ({ range: { from: '2026-03-20', to: shopDay(now) }, interval })),
    { range: { from: '2026-01-01', to: '2026-03-31' }, interval: 'week' },
    { range: { from: '2026-04-01', to: '2026-06-30' }, interval: 'week' },
    { range: { from: '2026-07-01', to: '2026-09-30' }, interval: 'day' },
    { range: { from: '2025-07-01', to: '2026-06-30' }, interval: 'month' },
    { range: { from: '2026-03-17', to: '2026-06-12' }, interval: 'month' },
    { range: { from: '2026-03-31', to: '2026-03-31' }, interval: 'day' },
    { range: { from: '2026-04-01', to: '2026-04-01' }, interval: 'day' },
    { range: { from: '2026-04-05', to: '2026-04-05' }, interval: 'day' },
    ...Array.from({ length: 4 }, () => {
      const from = addDays('2026-03-20', random.int(80));
      return { range: { from, to: addDays(from, 29) }, interval: 'day' as const };
    }),
  ];

  async function documents() {
    const docs: { day: Day; totalCents: number; gstCents: number }[] = [];
    const orders = await app.db().order.findMany({ where: { fulfilledAt: { not: null } }, include: { refunds: { where: app.refundsWithNotes } } });
    for (const order of orders) {
      const invoice = pdfText(Buffer.from((await app.orderInvoicePdf({ sessionId: order.sessionId, userId: order.userId })).body));
      if (invoice.includes('GST included')) docs.push({ day: dateOf(invoice), totalCents: cents(invoice, 'Total'), gstCents: cents(invoice, 'GST included') });
      for (const refund of order.refunds) {
        const note = pdfText(Buffer.from((await app.adjustmentNotePdf({ sessionId: order.sessionId, refundId: refund.id, userId: order.userId })).body));
        if (note.includes('GST adjustment'))
          docs.push({ day: dateOf(note), totalCents: -cents(note, 'Amount refunded (incl. GST)'), gstCents: cents(note, 'GST adjustment') });
      }
    }
    return docs;
  }

  return {
    seed,
    counts,
    now,
    ranges,
    documents,
    quarters: [
      { from: '2026-01-01', to: '2026-03-31' },
      { from: '2026-04-01', to: '2026-06-30' },
      { from: '2026-07-01', to: '2026-09-30' },
    ],
    cancelled,
  };
}

type Figures = Awaited<ReturnType<App['getInsights']>>;

/** getInsights' answer against the recomputed figures, part by part, so a failure names the part. */
export function checkFigures(actual: Figures, expected: ReturnType<typeof expectedInsights>, label: string) {
  const { membersCancelled: _cancelled, ...totals } = actual.totals;
  const ranked = (items: { productId: string; units: number; netCents: number }[]) =>
    items.map(({ productId, units, netCents }) => ({ productId, units, netCents }));
  expect(totals, `${label}: totals`).toEqual(expected.totals);
  expect(actual.series, `${label}: series`).toEqual(expected.series);
  expect(actual.membershipMonths, `${label}: membership months`).toEqual(expected.membershipMonths);
  expect(
    actual.bas.map(({ from, to, g1Cents, gstCents }) => ({ from, to, g1Cents, gstCents })),
    `${label}: BAS`,
  ).toEqual(expected.bas);
  for (const kind of ['products', 'bundles'] as const) {
    expect(ranked(actual.top[kind].byRevenue), `${label}: top ${kind} by revenue`).toEqual(expected.top[kind].byRevenue);
    expect(ranked(actual.top[kind].byUnits), `${label}: top ${kind} by units`).toEqual(expected.top[kind].byUnits);
  }
  expect(
    actual.codes.map(({ codeId, kind, uses, discountCents }) => ({ codeId, kind, uses, discountCents })),
    `${label}: codes`,
  ).toEqual(expected.codes);
}
