// Issue #24 §5: anyone can send to the Stripe webhook, only Stripe can sign.
// A client whose unsigned or mis-signed requests reach 20 in 10 minutes is
// refused (429) before its body is read; other clients are judged as before,
// and signed events never count, so a stranger cannot spend the provider's
// allowance. A second shop process with a webhook secret, as Stripe is set up.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerWithoutBody, callFrom } from './clients';
import { closeDb, expectErrorShape, sql, unique, type Reply } from './helpers';
import { spawnShop, waitForShop, type ShopProcess } from './shop-server';

const SECRET = `whsec_${randomBytes(16).toString('hex')}`;
// RATE_LIMITS.unsignedWebhook.
const LIMIT = 20;
let shop: ShopProcess;

let nextHost = 10;
const freshClient = () => `127.0.76.${nextHost++}`;

const event = () => JSON.stringify({ id: `evt_senders_${unique()}`, object: 'event', type: 'customer.created', data: { object: { object: 'customer' } } });
const signedBy = (secret: string, payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
const post = (client: string, payload: string, signature?: string) =>
  callFrom(
    client,
    'POST',
    '/api/webhooks/stripe',
    { headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload },
    shop.url,
  );

function expectRefusedSignature(reply: Reply) {
  expectErrorShape(reply, 400);
  expect((reply.body as { detail: string }).detail).toMatch(/^(Missing Stripe-Signature header|Invalid webhook signature)$/);
}

beforeAll(async () => {
  shop = await spawnShop({ STRIPE_WEBHOOK_SECRET: SECRET });
  await waitForShop(shop);
}, 90_000);

afterAll(async () => {
  await shop?.stop();
  await sql(`DELETE FROM "RateLimit" WHERE key LIKE 'webhook-unsigned:127.0.76.%'`);
  await closeDb();
});

describe('the Stripe webhook', () => {
  it(`refuses a client after ${LIMIT} unsigned or mis-signed requests, before reading its body; other clients are still judged`, async () => {
    const stranger = freshClient();
    const forgeries = [
      (payload: string) => post(stranger, payload),
      (payload: string) => post(stranger, payload, 't=1,v1=00'),
      (payload: string) => post(stranger, payload, signedBy(`whsec_${randomBytes(16).toString('hex')}`, payload)),
    ];
    for (let i = 0; i < LIMIT; i++) expectRefusedSignature(await forgeries[i % forgeries.length](event()));

    const limited = await post(stranger, event(), 't=1,v1=00');
    expectErrorShape(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused on its head alone: the 1 MB it declares is never sent.
    const unread = await answerWithoutBody('POST', '/api/webhooks/stripe', {
      bytes: 1024 * 1024,
      from: stranger,
      base: shop.url,
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
    expectErrorShape(unread, 429);

    expectRefusedSignature(await post(freshClient(), event(), 't=1,v1=00'));
  });

  it(`counts no signed event: ${LIMIT + 10} from one client are all processed, and its unsigned allowance is whole after`, async () => {
    const provider = freshClient();
    for (let i = 0; i < LIMIT + 10; i++) {
      const payload = event();
      const res = await post(provider, payload, signedBy(SECRET, payload));
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ received: true });
    }
    for (let i = 0; i < LIMIT; i++) expectRefusedSignature(await post(provider, event(), 't=1,v1=00'));
    expectErrorShape(await post(provider, event(), 't=1,v1=00'), 429);
  });
});
