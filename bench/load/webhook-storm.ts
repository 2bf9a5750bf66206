// Scenario 3: one payment, many messengers. A second web instance runs in
// Stripe mode against the local Stripe stand-in (same database). For each of
// several paid sessions, the same checkout.session.completed event, signed with
// the webhook secret by the Stripe SDK, is delivered 5 times at once while the
// success page's status check (which asks Stripe and fulfils too) runs at the
// same moment. Each session must end as exactly one order and one email.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { Checks, query, verifyCheckouts } from '../lib/load-checks';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { describeFailures, formatSummaries, isOk, newRecorder, summarize, timedFetch, type Recorder } from '../lib/load-http';
import { startShop, tail, waitForShop } from '../../scripts/lib/processes';
import type { CheckoutOutcome } from '../lib/load-shopper';
import { startStripeStandIn, type StripeStandIn } from '../../tests/support/stripe-stand-in';
import type { LoadContext, ScenarioResult } from './context';

const SESSIONS = 10;
const DELIVERIES = 5;
const STATUS_CHECKS = 2;

async function raceOneSession(
  recorder: Recorder,
  stripe: StripeStandIn,
  base: string,
  webhookSecret: string,
  ctx: LoadContext,
  runTag: string,
): Promise<CheckoutOutcome & { eventId?: string }> {
  const n = ctx.nextCheckout();
  const productIds = [ctx.catalogue.productIds[n % ctx.catalogue.productIds.length]];
  const email = `load-${runTag}-${n}@example.test`;
  const outcome: CheckoutOutcome & { eventId?: string } = { n, email, productIds, reached: 'none' };
  const opened = await timedFetch(recorder, 'checkout: session', `${base}/api/checkout/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.200.${(n >> 8) & 255}.${n & 255}` },
    body: JSON.stringify(productIds.map((id) => ({ product_id: id, price: 0 }))),
  });
  if (opened.sample.status !== 200) return outcome;
  const sessionId = (JSON.parse(opened.text) as { session_id: string }).session_id;
  outcome.sessionId = sessionId;
  outcome.reached = 'opened';

  // The shopper pays on Stripe's page; Stripe then sends the event (and retries it), while the success page polls.
  const event = stripe.event('checkout.session.completed', stripe.markPaid(sessionId, email));
  outcome.eventId = event.id;
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const deliveries = Array.from({ length: DELIVERIES }, () =>
    timedFetch(recorder, 'webhook', `${base}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }),
  );
  const polls = Array.from({ length: STATUS_CHECKS }, () =>
    timedFetch(recorder, 'checkout: status', `${base}/api/checkout/status/${encodeURIComponent(sessionId)}`, { keepBody: true }),
  );
  const [hooks, statuses] = await Promise.all([Promise.all(deliveries), Promise.all(polls)]);
  const paid = statuses.every((s) => s.sample.status === 200 && (JSON.parse(s.text) as { payment_status: string }).payment_status === 'paid');
  if (hooks.every((h) => h.sample.status === 200)) outcome.reached = paid ? 'confirmed' : 'paid';
  return outcome;
}

export async function webhookStorm(ctx: LoadContext): Promise<ScenarioResult> {
  const name = `S3 one Stripe event delivered ${DELIVERIES}× at once with the status check (${SESSIONS} sessions)`;
  console.log(`\n== ${name}`);
  const checks = new Checks('S3');
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const stripe = await startStripeStandIn({ secretKey });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shop = startShop({
    name: 'shop (stripe mode)',
    port,
    distDir: ctx.distDir,
    logFile: `${ctx.runDir}/shop-stripe.log`,
    env: { ...ctx.serverEnv, SITE_URL: base, STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_HOST: stripe.url },
  });
  const runTag = `${ctx.runTag}-s3`;
  try {
    await waitForShop(base);
    const recorder = newRecorder();
    const started = performance.now();
    const outcomes = await Promise.all(Array.from({ length: SESSIONS }, () => raceOneSession(recorder, stripe, base, webhookSecret, ctx, runTag)));
    const seconds = (performance.now() - started) / 1000;
    console.log(formatSummaries(recorder.samples, seconds));

    const failed = recorder.samples.filter((s) => !isOk(s));
    checks.check(
      'every delivery and status check answered 2xx',
      failed.length === 0,
      `${failed.length} of ${recorder.samples.length}${failed.length ? `\n${describeFailures(recorder.samples)}` : ''}`,
    );
    const confirmed = outcomes.filter((o) => o.reached === 'confirmed').length;
    checks.check('every status check saw the session paid', confirmed === SESSIONS, `${confirmed} of ${SESSIONS}`);
    const recorded = await query<{ n: number }>(ctx.databaseUrl, `SELECT count(*)::int AS n FROM "PaymentEvent" WHERE id = ANY($1)`, [
      outcomes.map((o) => o.eventId),
    ]);
    checks.check('each event id recorded once', recorded[0].n === SESSIONS, `${recorded[0].n} rows for ${SESSIONS} events`);
    const verified = await verifyCheckouts({ checks, databaseUrl: ctx.databaseUrl, mailDir: ctx.mailDir, runTag, outcomes });
    const hooks = summarize(recorder.samples.filter((s) => s.group === 'webhook'));
    return {
      name,
      checks: checks.list,
      figures: [
        `${SESSIONS} sessions × (${DELIVERIES} deliveries + ${STATUS_CHECKS} status checks) at once: orders ${verified.orders}, fulfilled ${verified.fulfilled}, emails ${verified.emails}`,
        `webhook p50/p99: ${Math.round(hooks.p50)}/${Math.round(hooks.p99)} ms`,
      ],
    };
  } catch (error) {
    console.error(tail(shop.logFile));
    throw error;
  } finally {
    await shop.stop();
    await stripe.close();
  }
}
