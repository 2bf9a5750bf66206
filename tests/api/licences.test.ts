// The licence contract over HTTP (Decisions 081, 082): tiers on every product
// and bundle (the spec's price fields those of the default tier), the public
// tier list, checkout per tier and its 400s naming the product, licences in
// the customer's orders and on the success status, certificates, upgrades,
// verification, the back office's tier routes and per-item prices, and the
// terms and verification pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminProductResponse, bundleResponse, productResponse } from '@/lib/contract/catalog';
import { checkoutSessionResponse, checkoutStatusResponse } from '@/lib/contract/checkout';
import { adminTiersResponse, adminTierWriteResponse, licenceTierResponse, licenceVerificationResponse } from '@/lib/contract/licences';
import { customerOrdersResponse } from '@/lib/contract/orders';
import { adminToken, call, clearRateLimits, closeDb, registerCustomer, sql, unique, type Customer } from '../security/helpers';
import { expectError, expectShape } from './helpers';

let admin: Record<string, string>;
let buyer: Customer;

const cents = (dollars: number) => Math.round(dollars * 100);

/** A test-mode payment of a checkout; returns its session id. */
async function pay(checkout: { status: number; text: string; body: unknown }, auth?: Record<string, string>) {
  expect(checkout.status, checkout.text).toBe(200);
  const session = expectShape(checkoutSessionResponse, checkout.body);
  if (!session.free_checkout) {
    const paid = await call('POST', `/api/checkout/test/${session.session_id}/complete`, { headers: auth, json: { email: `guest-${unique()}@example.com` } });
    expect(paid.status, paid.text).toBe(200);
  }
  return session.session_id;
}

async function firstProduct() {
  const [product] = expectShape(z.array(productResponse), (await call('GET', '/api/products?limit=1')).body);
  return product;
}

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  buyer = await registerCustomer('licences');
});

afterAll(async () => {
  await clearRateLimits('checkout', 'register', 'licence-verify', 'download');
  await closeDb();
});

describe('catalogue JSON', () => {
  it('lists each item’s tiers, default first, its price and sale_price those of the default tier', async () => {
    const products = expectShape(z.array(productResponse), (await call('GET', '/api/products')).body);
    const bundles = expectShape(z.array(bundleResponse), (await call('GET', '/api/bundles')).body);
    const onSale = products.find((p) => p.on_sale);
    expect(onSale, 'the demo catalogue has a product on sale').toBeTruthy();
    for (const item of [...products, ...bundles]) {
      expect(item.licences.map((l) => l.key)).toEqual(['personal', 'commercial', 'extended']);
      const [personal, commercial, extended] = item.licences;
      expect([personal.price, commercial.price, extended.price]).toEqual([item.price, cents(item.price * 2) / 100, cents(item.price * 5) / 100]);
      if (item.on_sale) {
        expect(personal.sale_price).toBe(item.sale_price);
        // Every tier lowered in the default tier's proportion, to the cent.
        expect(cents(commercial.sale_price!)).toBe(Math.round((cents(commercial.price) * cents(item.sale_price!)) / cents(item.price)));
      } else {
        expect(item.licences.every((l) => l.sale_price === null)).toBe(true);
      }
    }
  });

  it('GET /api/licences lists the tiers on sale with their terms pages', async () => {
    const res = await call('GET', '/api/licences');
    expect(res.status).toBe(200);
    const tiers = expectShape(z.array(licenceTierResponse), res.body);
    expect(tiers.map((t) => [t.key, t.name, t.terms_url])).toEqual([
      ['personal', 'Personal', '/licences/personal'],
      ['commercial', 'Commercial', '/licences/commercial'],
      ['extended', 'Extended', '/licences/extended'],
    ]);
  });

  it('serves each terms page server-rendered and indexable', async () => {
    const page = await call('GET', '/licences/commercial');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Commercial licence');
    expect(page.text).toContain('5,000 units per design');
    expect(page.text).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
    expect((await call('GET', '/licences/no-such-tier')).status).toBe(404);
    expect((await call('GET', '/sitemap-pages.xml')).text).toContain('/licences/commercial</loc>');
  });
});

describe('checkout per tier', () => {
  it('a client naming no licence pays the spec’s price; a named tier is priced from the database', async () => {
    const product = await firstProduct();
    const plain = await pay(await call('POST', '/api/checkout/session', { json: [{ product_id: product.id, price: 0.01 }] }));
    const commercial = await pay(
      await call('POST', '/api/checkout/session', { json: { items: [{ product_id: product.id, licence: 'commercial' }], holder_name: 'Jo Guest' } }),
    );
    const amounts = await sql<{ sessionId: string; amountCents: number }>(`SELECT "sessionId", "amountCents" FROM "Order" WHERE "sessionId" = ANY($1)`, [
      [plain, commercial],
    ]);
    const amountOf = (id: string) => amounts.find((a) => a.sessionId === id)?.amountCents;
    expect(amountOf(plain)).toBe(cents(product.on_sale ? product.sale_price! : product.price));
    expect(amountOf(commercial)).toBe(cents(product.on_sale ? product.licences[1].sale_price! : product.licences[1].price));
    // The success status names each line's licence, and a guest's certificate link carries the session id.
    const status = expectShape(checkoutStatusResponse, (await call('GET', `/api/checkout/status/${commercial}`)).body);
    expect(status.items[0].licence).toMatchObject({ tier: 'commercial', name: 'Commercial', id: expect.stringMatching(/^LIC-[A-Z2-7]{16}$/) });
    expect(status.items[0].licence?.certificate_url).toContain(`session_id=${commercial}`);
    const certificate = await call('GET', status.items[0].licence!.certificate_url);
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get('content-type')).toBe('application/pdf');
    expect((await call('GET', `/api/licences/${status.items[0].licence!.id}/certificate`)).status).toBe(404);
  });

  it('refuses an unknown or malformed tier with a 400 that names the product', async () => {
    const product = await firstProduct();
    const unknown = await call('POST', '/api/checkout/session', { json: [{ product_id: product.id, licence: 'platinum' }] });
    expect(expectError(unknown, 400, 'invalid_request').detail).toContain(product.title);
    expectError(await call('POST', '/api/checkout/session', { json: [{ product_id: product.id, licence: 'NOT A KEY' }] }), 400, 'invalid_request');
    expectError(await call('POST', '/api/checkout/session', { json: [{ product_id: product.id, upgrade_licence_id: 'LIC-1' }] }), 400, 'invalid_request');
  });
});

describe('licences of a customer', () => {
  let sessionId: string;
  let productId: string;
  let licenceId: string;

  beforeAll(async () => {
    const product = await firstProduct();
    productId = product.id;
    sessionId = await pay(await call('POST', '/api/checkout/session', { headers: buyer.auth, json: [{ product_id: product.id }] }), buyer.auth);
  });

  it('GET /api/orders/{userId} gives each line its licence, certificate and upgrades', async () => {
    const { orders } = expectShape(customerOrdersResponse, (await call('GET', `/api/orders/${buyer.id}`, { headers: buyer.auth })).body);
    const line = orders.find((o) => o.session_id === sessionId)!.products[0];
    expect(line.licence).toMatchObject({
      tier: 'personal',
      name: 'Personal',
      status: 'valid',
      certificate_url: `/api/licences/${line.licence!.id}/certificate`,
    });
    expect(line.licence!.upgrades.map((u) => u.key)).toEqual(['commercial', 'extended']);
    licenceId = line.licence!.id;
    const certificate = await call('GET', line.licence!.certificate_url, { headers: buyer.auth });
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get('cache-control')).toBe('private, no-store');
  });

  it('verification shows the product, tier and initials only', async () => {
    const res = await call('GET', `/api/licences/verify/${licenceId.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(expectShape(licenceVerificationResponse, res.body)).toMatchObject({
      licence_id: licenceId,
      tier: 'personal',
      holder: 'S. L.',
      status: 'valid',
      revoked_at: null,
    });
    expect(res.text).not.toContain(buyer.email);
    expectError(await call('GET', '/api/licences/verify/LIC-AAAAAAAAAAAAAAAA'), 404, 'not_found');
  });

  it('an upgrade costs the difference and keeps the id; someone else’s licence is a 400 naming the product', async () => {
    const product = await firstProduct();
    const stranger = await registerCustomer('licence-stranger');
    const refused = await call('POST', '/api/checkout/session', {
      headers: stranger.auth,
      json: [{ product_id: productId, licence: 'extended', upgrade_licence_id: licenceId }],
    });
    expect(expectError(refused, 400, 'invalid_request').detail).toContain(product.title);
    const upgrade = await pay(
      await call('POST', '/api/checkout/session', {
        headers: buyer.auth,
        json: [{ product_id: productId, licence: 'commercial', upgrade_licence_id: licenceId }],
      }),
      buyer.auth,
    );
    const [order] = await sql<{ amountCents: number }>(`SELECT "amountCents" FROM "Order" WHERE "sessionId" = $1`, [upgrade]);
    const tiers = product.licences;
    const effective = (i: number) => cents(tiers[i].sale_price ?? tiers[i].price);
    expect(order.amountCents).toBe(effective(1) - effective(0));
    const verified = expectShape(licenceVerificationResponse, (await call('GET', `/api/licences/verify/${licenceId}`)).body);
    expect(verified.tier).toBe('commercial');
    expect(verified.history.map((h) => [h.event, h.tier])).toEqual([
      ['issued', 'personal'],
      ['upgraded', 'commercial'],
    ]);
  });

  it('the verification page is server-rendered and kept out of search engines', async () => {
    const page = await call('GET', `/licence/${licenceId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(licenceId);
    expect(page.text).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(page.text).not.toContain(buyer.email);
    expect((await call('GET', '/licence/LIC-AAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

describe('the back office', () => {
  it('lists, adds, edits and orders tiers; a new tier appears on every product', async () => {
    const key = `studio-${unique()}`;
    const list = expectShape(adminTiersResponse, (await call('GET', '/api/admin/licences', { headers: admin })).body);
    expect(list.member_tier).toBe('commercial');
    expect((await call('GET', '/api/admin/licences')).status).toBe(401);
    const created = await call('POST', '/api/admin/licences', {
      headers: admin,
      json: { key, name: 'Studio', summary: 'For studios', terms: '## Studio', price_multiplier: 3 },
    });
    expect(created.status, created.text).toBe(201);
    expect(expectShape(adminTierWriteResponse, created.body).tier).toMatchObject({ key, terms_version: 1, position: 3, price_multiplier: 3 });
    expectError(await call('POST', '/api/admin/licences', { headers: admin, json: { key, name: 'Again', terms: 'x', price_multiplier: 1 } }), 409, 'conflict');
    try {
      const product = await firstProduct();
      expect(product.licences.map((l) => l.key)).toContain(key);
      const edited = await call('PUT', `/api/admin/licences/${key}`, { headers: admin, json: { terms: '## Studio v2', name: 'Studio+' } });
      expect(expectShape(adminTierWriteResponse, edited.body).tier).toMatchObject({ name: 'Studio+', terms_version: 2, terms: '## Studio v2' });
      const reordered = await call('PUT', '/api/admin/licences', { headers: admin, json: { order: [key, ...list.tiers.map((t) => t.key)] } });
      expect(expectShape(adminTiersResponse, reordered.body).tiers[0].key).toBe(key);
      expectError(await call('PUT', '/api/admin/licences', { headers: admin, json: { order: [key] } }), 400, 'invalid_request');
    } finally {
      await call('PUT', '/api/admin/licences', { headers: admin, json: { order: [...list.tiers.map((t) => t.key), key] } });
      const retired = await call('PUT', `/api/admin/licences/${key}`, { headers: admin, json: { retired: true } });
      expect(retired.status, retired.text).toBe(200);
    }
    expect((await firstProduct()).licences.map((l) => l.key)).toEqual(['personal', 'commercial', 'extended']);
  });

  it('PUT /api/products/{id} sets an item’s own tier prices and switches tiers off; null restores the rule', async () => {
    const product = await firstProduct();
    const put = (licence_prices: unknown) => call('PUT', `/api/products/${product.id}`, { headers: admin, json: { licence_prices } });
    try {
      expect((await put({ commercial: 9.99, extended: false })).status).toBe(200);
      const edited = expectShape(productResponse, (await call('GET', `/api/products/${product.id}`)).body);
      expect(edited.licences.map((l) => [l.key, l.price])).toEqual([
        ['personal', product.price],
        ['commercial', 9.99],
      ]);
      const adminView = expectShape(
        z.array(adminProductResponse),
        (await call('GET', `/api/admin/products?search=${encodeURIComponent(product.title)}`, { headers: admin })).body,
      );
      expect(adminView.find((p) => p.id === product.id)?.licence_prices).toEqual({ commercial: 9.99, extended: false });
      const switchedOff = await call('POST', '/api/checkout/session', { json: [{ product_id: product.id, licence: 'extended' }] });
      expect(expectError(switchedOff, 400, 'invalid_request').detail).toContain(product.title);
      expectError(await put({ platinum: 1 }), 400, 'invalid_request');
      expectError(await put({ personal: false, commercial: false, extended: false }), 400, 'invalid_request');
    } finally {
      expect((await put({ commercial: null, extended: null })).status).toBe(200);
    }
    expect(expectShape(productResponse, (await call('GET', `/api/products/${product.id}`)).body).licences).toEqual(product.licences);
  });
});
