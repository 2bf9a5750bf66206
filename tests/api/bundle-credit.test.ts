// Bundle credit over HTTP (Decision 094): the customer's own figures from
// GET /api/account/bundle-credit, the price checkout charges matching them,
// the credit on My Orders, the success status, the back office's order and the
// invoice, the floor under Settings, and the endpoint's refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleCreditResponse, bundleCreditSettingsSchema } from '@/lib/contract/accounts';
import { bundleResponse } from '@/lib/contract/catalog';
import { checkoutSessionResponse, checkoutStatusResponse } from '@/lib/contract/checkout';
import { adminOrdersResponse, customerOrdersResponse } from '@/lib/contract/orders';
import { pdfText } from '../support/pdf-text';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, SHOP_URL, sql, unique, type Customer } from '../security/helpers';
import { expectShape } from './helpers';

let admin: Record<string, string>;
let buyer: Customer;
let bundle: z.infer<typeof bundleResponse>;

const cents = (dollars: number) => Math.round(dollars * 100);

/** Checks out and pays in test mode; the order's session id. */
async function buy(items: { product_id: string; licence?: string }[], customer?: Customer) {
  const checkout = await call('POST', '/api/checkout/session', { headers: customer?.auth, json: items });
  expect(checkout.status, checkout.text).toBe(200);
  const session = expectShape(checkoutSessionResponse, checkout.body);
  if (!session.free_checkout) {
    const paid = await call('POST', `/api/checkout/test/${session.session_id}/complete`, {
      headers: customer?.auth,
      json: { email: `guest-${unique()}@example.com` },
    });
    expect(paid.status, paid.text).toBe(200);
  }
  return session.session_id;
}

async function orderLines(sessionId: string) {
  return sql<{ productId: string; priceCents: number; bundleCreditCents: number; amountCents: number }>(
    `SELECT i."productId", i."priceCents", i."bundleCreditCents", o."amountCents" FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE o."sessionId" = $1`,
    [sessionId],
  );
}

const creditOf = async (customer: Customer, ids: string) => {
  const res = await call('GET', `/api/account/bundle-credit?ids=${ids}`, { headers: customer.auth });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  return expectShape(bundleCreditResponse, res.body).bundles;
};

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  buyer = await registerCustomer('bundle-credit');
  const bundles = expectShape(z.array(bundleResponse), (await call('GET', '/api/bundles')).body);
  bundle = bundles.find((b) => b.product_ids.length >= 2)!;
  expect(bundle, 'the demo catalogue has a bundle of 2 or more').toBeTruthy();
});

afterAll(async () => {
  await clearRateLimits('checkout', 'register', 'download');
  await closeDb();
});

describe('GET /api/account/bundle-credit', () => {
  it('gives a customer who owns none of a bundle its full price, and leaves out ids that are not bundles', async () => {
    const fresh = await registerCustomer('bundle-credit-none');
    const [quote, ...rest] = await creditOf(fresh, `${bundle.id},${bundle.product_ids[0]}`);
    expect(rest).toEqual([]);
    expect(quote).toMatchObject({ id: bundle.id, owned: 0, total: bundle.product_ids.length, credit: 0 });
    expect(quote.licences.map((l) => l.licence)).toEqual(bundle.licences.map((l) => l.key));
  });

  it('takes off what the customer paid for the items they own, and checkout charges exactly that', async () => {
    const owned = await orderLines(await buy([{ product_id: bundle.product_ids[0] }], buyer));
    const paid = owned[0].amountCents;
    const [quote] = await creditOf(buyer, bundle.id);
    const full = cents(quote.price + quote.credit);
    expect(quote).toMatchObject({ owned: 1, total: bundle.product_ids.length });
    expect(cents(quote.price)).toBe(Math.max(full - paid, Math.round(full * 0.2)));

    const sessionId = await buy([{ product_id: bundle.id }], buyer);
    const [line] = await orderLines(sessionId);
    expect(line).toMatchObject({
      productId: bundle.id,
      priceCents: cents(quote.price),
      bundleCreditCents: cents(quote.credit),
      amountCents: cents(quote.price),
    });

    // My Orders, the success status and the back office show the credit on the line.
    const orders = expectShape(customerOrdersResponse, (await call('GET', `/api/orders/${buyer.id}`, { headers: buyer.auth })).body);
    const mine = orders.orders.find((o) => o.session_id === sessionId)!;
    expect(mine.products[0]).toMatchObject({ id: bundle.id, price: quote.price, bundle_credit: quote.credit });
    const status = expectShape(checkoutStatusResponse, (await call('GET', `/api/checkout/status/${sessionId}`, { headers: buyer.auth })).body);
    expect(status.items[0]).toMatchObject({ product_id: bundle.id, bundle_credit: quote.credit });
    const adminOrders = expectShape(adminOrdersResponse, (await call('GET', `/api/admin/orders?search=${sessionId}`, { headers: admin })).body);
    expect(adminOrders.orders.find((o) => o.session_id === sessionId)?.products[0]).toMatchObject({ price: quote.price, bundle_credit: quote.credit });

    // The invoice: the bundle at its price, the credit under it, the total what was paid.
    const invoice = await fetch(`${SHOP_URL}/api/orders/invoice/${sessionId}`, { headers: buyer.auth });
    expect(invoice.status).toBe(200);
    const text = pdfText(Buffer.from(await invoice.arrayBuffer()));
    const fmt = (c: number) => `${(c / 100).toFixed(2)} AUD`;
    expect(text).toEqual(expect.arrayContaining([fmt(full), `-${fmt(cents(quote.credit))}`, 'Total', fmt(cents(quote.price))]));
    expect(text.some((t) => t.trim() === 'Credit for items you own')).toBe(true);
  });

  it('answers a visitor 401 with no figures, and a malformed list 400, in the error shape', async () => {
    const visitor = await call('GET', `/api/account/bundle-credit?ids=${bundle.id}`);
    expectErrorShape(visitor, 401);
    expect(visitor.text).not.toContain('owned');
    expectErrorShape(await call('GET', '/api/account/bundle-credit', { headers: buyer.auth }), 400);
    expectErrorShape(await call('GET', '/api/account/bundle-credit?ids=no%20such!', { headers: buyer.auth }), 400);
    const many = Array.from({ length: 101 }, (_, i) => `b${i}`).join(',');
    expectErrorShape(await call('GET', `/api/account/bundle-credit?ids=${many}`, { headers: buyer.auth }), 400);
  });
});

describe('the floor under Settings', () => {
  it('reads and saves the percentage, refusing one outside 0–100', async () => {
    const path = '/api/admin/settings/bundle-credit';
    expect(expectShape(bundleCreditSettingsSchema, (await call('GET', path, { headers: admin })).body)).toEqual({ floor_percent: 20 });
    try {
      const saved = await call('PUT', path, { headers: admin, json: { floor_percent: 35 } });
      expect(saved.status, saved.text).toBe(200);
      expect(expectShape(bundleCreditSettingsSchema, (await call('GET', path, { headers: admin })).body)).toEqual({ floor_percent: 35 });
      expectErrorShape(await call('PUT', path, { headers: admin, json: { floor_percent: 101 } }), 400);
      expectErrorShape(await call('PUT', path, { headers: admin, json: { floor_percent: 12.5 } }), 400);
    } finally {
      expect((await call('PUT', path, { headers: admin, json: { floor_percent: 20 } })).status).toBe(200);
    }
  });
});
