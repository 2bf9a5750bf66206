// "The shop knows what a customer owns": the owned ids and the checkout refusal,
// against real Postgres in test payment mode.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Own');
const clientIp = `10.32.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function loadApp() {
  const [checkout, orders, errors, db, route, sessions] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/errors'),
    import('@/lib/infra/db'),
    import('@/app/api/account/owned/route'),
    import('@/lib/http/session'),
  ]);
  return { ...checkout, ...orders, AppError: errors.AppError, db: db.db, ownedRoute: route.GET, issueSessionToken: sessions.issueSessionToken };
}

let app: Awaited<ReturnType<typeof loadApp>>;
let poster: { id: string; title: string };
let part: { id: string; title: string };
let bundle: { id: string; title: string };
let other: { id: string; title: string };

const checkout = (productIds: string[], userId: string | null) =>
  app.createCheckout({ productIds, userId, customerEmail: userId ? `${userId}@example.com` : null, siteUrl: SITE_URL });

async function paidOrder(productIds: string[], userId: string | null) {
  const result = await checkout(productIds, userId);
  await app.completeTestPayment(result.sessionId, 'buyer@example.com');
  return result.sessionId;
}

function callRoute(token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return app.ownedRoute(new Request(`${SITE_URL}/api/account/owned`, { headers }), { params: Promise.resolve({}) });
}

beforeAll(async () => {
  app = await loadApp();
  poster = await fx.product({ title: `Owned poster ${fx.suffix}`, priceCents: 500 });
  part = await fx.product({ title: `Owned part ${fx.suffix}`, priceCents: 300 });
  bundle = await fx.product({ title: `Owned bundle ${fx.suffix}`, priceCents: 600, isBundle: true, bundleOf: [part.id] });
  other = await fx.product({ title: `Not owned ${fx.suffix}`, priceCents: 400 });
});

describe('GET /api/account/owned', () => {
  it("lists the products of the customer's paid orders, bundles expanded, and nothing unpaid or someone else's", async () => {
    const buyer = await fx.user();
    const stranger = await fx.user();
    await paidOrder([poster.id, bundle.id], buyer.id);
    await checkout([other.id], buyer.id);
    await paidOrder([other.id], stranger.id);
    const response = await callRoute(await app.issueSessionToken(buyer));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const body = (await response.json()) as { product_ids: string[] };
    expect(body.product_ids.sort()).toEqual([poster.id, part.id, bundle.id].sort());
  });

  it('answers 401 in the error shape without a session', async () => {
    const response = await callRoute();
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });
});

describe('checking out an owned product', () => {
  it('is refused before any payment with a 409 that names the product, and writes no order', async () => {
    const buyer = await fx.user();
    await paidOrder([bundle.id], buyer.id);
    const before = await app.db().order.count({ where: { userId: buyer.id } });
    const error = await checkout([other.id, part.id], buyer.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(app.AppError);
    expect(error).toMatchObject({ code: 'conflict', fields: { product_ids: [part.id] } });
    expect((error as Error).message).toContain(`"${part.title}"`);
    expect(await app.db().order.count({ where: { userId: buyer.id } })).toBe(before);
  });

  it('still lets the customer buy what they do not own, and guests buy anything', async () => {
    const buyer = await fx.user();
    await paidOrder([poster.id], buyer.id);
    expect((await checkout([other.id], buyer.id)).sessionId).toBeTruthy();
    expect((await checkout([poster.id], null)).sessionId).toBeTruthy();
  });
});
