// Issue #13 §6: polling a checkout's status cannot exhaust the payment
// provider or the shop. A second shop process talks to the Stripe stand-in,
// which counts how often the shop asks about the session; a flood of polls
// from one client is cut off by its per-client limit, asks the provider a
// handful of times at most, and leaves other shoppers served. After the
// interval a poll asks again, so a paid session is fulfilled by polling when
// the webhook is late.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { listProducts } from '../api/helpers';
import { callFrom } from './clients';
import { closeDb, expectErrorShape, sql, type Reply } from './helpers';
import { spawnShop, waitForShop, type ShopProcess } from './shop-server';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
/** The shop's PROVIDER_CHECK_INTERVAL_SECONDS and its per-client poll limit. */
const INTERVAL_SECONDS = 5;
const POLL_LIMIT = 120;
const FLOOD = 200;

const octet = () => 2 + (randomBytes(1)[0] % 250);
const block = `127.${octet()}.${octet()}`;
// Each a genuinely different client: the shop counts the connection's own address.
const flooder = `${block}.10`;
const neighbour = `${block}.11`;
const latecomer = `${block}.12`;
const clients = [flooder, neighbour, latecomer];

let stripe: StripeStandIn;
let shop: ShopProcess;
let sessionId: string;

const from = (address: string, path: string, init = {}) => callFrom(address, 'GET', path, init, shop.url);
const poll = (address: string) => from(address, `/api/checkout/status/${encodeURIComponent(sessionId)}`);
const retrievals = () => stripe.requestsTo('GET', `/v1/checkout/sessions/${sessionId}`).length;

async function order() {
  const [row] = await sql<{ status: string; paymentStatus: string; fulfilledAt: Date | null; sinceCheck: number | null }>(
    `SELECT status, "paymentStatus", "fulfilledAt", extract(epoch FROM now() - "providerCheckedAt")::float8 AS "sinceCheck" FROM "Order" WHERE "sessionId" = $1`,
    [sessionId],
  );
  return row;
}

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY });
  shop = await spawnShop({
    NODE_ENV: 'production',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
    STRIPE_API_HOST: stripe.url,
  });
  await waitForShop(shop);
  const [product] = (await listProducts('?limit=40')).filter((p) => p.price >= 1);
  const opened = await callFrom(flooder, 'POST', '/api/checkout/session', { json: [{ product_id: product.id }] }, shop.url);
  expect(opened.status, opened.text).toBe(200);
  sessionId = (opened.body as { session_id: string }).session_id;
  expect(stripe.sessions.has(sessionId)).toBe(true);
}, 90_000);

afterAll(async () => {
  await shop?.stop();
  await stripe?.close();
  for (const address of clients) await sql(`DELETE FROM "RateLimit" WHERE key LIKE $1`, [`%:${address}`]);
  await closeDb();
});

describe('polling an open checkout', () => {
  const replies: Reply[] = [];
  let startedAt = 0;
  let endedAt = 0;

  it(`answers ${FLOOD} polls from one client, asking Stripe a handful of times and refusing those past the limit`, async () => {
    startedAt = Date.now();
    // 20 at a time: a burst like a script hammering the route, bounded so the test machine is not the bottleneck.
    for (let wave = 0; wave < FLOOD / 20; wave++) {
      replies.push(...(await Promise.all(Array.from({ length: 20 }, () => poll(flooder)))));
    }
    endedAt = Date.now();
    expect(replies.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    const answered = replies.filter((r) => r.status === 200);
    expect(answered.length).toBeLessThanOrEqual(POLL_LIMIT);
    expect(answered.every((r) => (r.body as { status: string }).status === 'open')).toBe(true);
    // One question per interval that the flood lasted, not one per poll.
    expect(retrievals()).toBeGreaterThanOrEqual(1);
    expect(retrievals()).toBeLessThanOrEqual(1 + Math.ceil((endedAt - startedAt) / (INTERVAL_SECONDS * 1000)));
  });

  it('refuses the polls past the per-client limit with 429 in the error shape and Retry-After', () => {
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(FLOOD - POLL_LIMIT);
    for (const reply of limited) {
      expectErrorShape(reply, 429);
      expect((reply.body as { code: string }).code).toBe('rate_limited');
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('counts membership polls in the same per-client budget', async () => {
    const res = await from(flooder, '/api/membership/subscription-status/cs_test_flooded0000');
    expectErrorShape(res, 429);
  });

  it('still serves another shopper, polling the same session', async () => {
    const res = await poll(neighbour);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect((await from(neighbour, '/api/health')).status).toBe(200);
  });

  it('asks again once the interval has passed, and fulfils a paid session the webhook has not reported', async () => {
    stripe.markPaid(sessionId);
    // Wait on the database's clock, which is the one the shop's claim compares against.
    const deadline = Date.now() + 30_000;
    while (((await order()).sinceCheck ?? 0) <= INTERVAL_SECONDS + 0.2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const asked = retrievals();
    const res = await poll(latecomer);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(retrievals()).toBe(asked + 1);
    expect(await order()).toMatchObject({ status: 'complete', paymentStatus: 'paid', fulfilledAt: expect.any(Date) });

    // Paid: answered from the database, Stripe is not asked again.
    for (let i = 0; i < 10; i++) expect(((await poll(latecomer)).body as { payment_status: string }).payment_status).toBe('paid');
    expect(retrievals()).toBe(asked + 1);
  });
});
