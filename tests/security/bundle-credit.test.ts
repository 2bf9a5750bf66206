// Bundle credit (Decision 094) reveals and spends only the session customer's
// own purchases (docs/security.md S1, S4): the credit API answers from the
// session's account whatever id a query names, and a checkout without a
// session, whoever it names, is priced in full even when guests have bought the
// bundle's items. Each test fails with its protection taken out (the session's
// account in the route, the signed-in check before any credit is looked up).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleCreditResponse } from '@/lib/contract/accounts';
import { bundleResponse } from '@/lib/contract/catalog';
import { checkoutSessionResponse } from '@/lib/contract/checkout';
import { expectShape } from '../api/helpers';
import { call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, sql, unique, type Customer } from './helpers';

let bundle: z.infer<typeof bundleResponse>;
let owner: Customer;

async function buy(productId: string, customer?: Customer) {
  const checkout = await call('POST', '/api/checkout/session', { headers: customer?.auth, json: [{ product_id: productId }] });
  expect(checkout.status, checkout.text).toBe(200);
  const session = expectShape(checkoutSessionResponse, checkout.body);
  const paid = await call('POST', `/api/checkout/test/${session.session_id}/complete`, {
    headers: customer?.auth,
    json: { email: `guest-${unique()}@example.com` },
  });
  expect(paid.status, paid.text).toBe(200);
  return session.session_id;
}

const quote = async (customer: Customer, query: string) => {
  const res = await call('GET', `/api/account/bundle-credit?${query}`, { headers: customer.auth });
  expect(res.status, res.text).toBe(200);
  return expectShape(bundleCreditResponse, res.body).bundles[0];
};

beforeAll(async () => {
  const bundles = expectShape(z.array(bundleResponse), (await call('GET', '/api/bundles')).body);
  bundle = bundles.find((b) => b.product_ids.length >= 2)!;
  owner = await registerCustomer('sec-credit-owner');
  await buy(bundle.product_ids[0], owner);
  await buy(bundle.product_ids[1], owner);
});

afterAll(async () => {
  await clearRateLimits('checkout', 'register');
  await closeDb();
});

describe('the bundle credit API', () => {
  it("answers another customer with their own figures, never the owner's, whatever id the query names", async () => {
    const mine = await quote(owner, `ids=${bundle.id}`);
    expect(mine).toMatchObject({ owned: 2 });
    expect(mine.credit).toBeGreaterThan(0);
    const stranger = await registerCustomer('sec-credit-stranger');
    for (const query of [`ids=${bundle.id}&user_id=${owner.id}`, `ids=${bundle.id}&userId=${owner.id}`, `user_id=${owner.id}&ids=${bundle.id}`]) {
      const theirs = await quote(stranger, query);
      expect(theirs).toMatchObject({ owned: 0, credit: 0, price: mine.price + mine.credit });
    }
  });

  it('answers a visitor 401 with none of the figures, whatever id the query names', async () => {
    const res = await call('GET', `/api/account/bundle-credit?ids=${bundle.id}&user_id=${owner.id}`);
    expectErrorShape(res, 401);
    expect(res.text).not.toMatch(/owned|credit/);
  });
});

describe('checkout without a session', () => {
  it("prices the bundle in full, even after guests bought its items and when naming the owner's account", async () => {
    await buy(bundle.product_ids[0]);
    await buy(bundle.product_ids[1]);
    const full = await quote(await registerCustomer('sec-credit-full'), `ids=${bundle.id}`);
    const checkout = await call('POST', `/api/checkout/session?user_id=${owner.id}`, { json: [{ product_id: bundle.id, bundle_credit: 99 }] });
    expect(checkout.status, checkout.text).toBe(200);
    const sessionId = expectShape(checkoutSessionResponse, checkout.body).session_id;
    const [line] = await sql<{ priceCents: number; bundleCreditCents: number; userId: string | null }>(
      `SELECT i."priceCents", i."bundleCreditCents", o."userId" FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE o."sessionId" = $1`,
      [sessionId],
    );
    expect(line).toEqual({ priceCents: Math.round(full.price * 100), bundleCreditCents: 0, userId: null });
  });
});
