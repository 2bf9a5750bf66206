// Galleries, reviews and wishlists over HTTP against the built shop (Decision
// 086): every answer read through its contract schema, every refusal in the
// one error shape with its status and message; a review or a moderation shows
// on the cached product page (and its JSON-LD) at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { galleryResponse, productResponse, type ProductResponse } from '@/lib/contract/catalog';
import { adminReview, ownReviewResponse, reviewListResponse, reviewSettingsSchema, reviewWriteResponse } from '@/lib/contract/reviews';
import { wishlistResponse, wishlistWriteResponse } from '@/lib/contract/wishlist';
import { NOT_A_BUYER } from '@/lib/domain/reviews/writes';
import { adminToken, call, closeDb, expectErrorShape, registerCustomer, type Customer } from '../security/helpers';
import { expectShape, listProducts } from './helpers';

let admin: Record<string, string>;
let products: ProductResponse[];

async function buy(customer: Customer, productIds: string[]) {
  const res = await call('POST', '/api/checkout/session', { headers: customer.auth, json: productIds.map((product_id) => ({ product_id })) });
  expect(res.status, res.text).toBe(200);
  const sessionId = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec((res.body as { url: string }).url)![1];
  const paid = await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: customer.auth, json: {} });
  expect(paid.status, paid.text).toBe(200);
}

const review = (id: string, customer: Customer | null, json: unknown) => call('POST', `/api/products/${id}/reviews`, { headers: customer?.auth ?? {}, json });

/** Cached pages regenerate after a change: ask until `ready` holds (at most 15 s). */
async function pageWhen(path: string, ready: (html: string) => boolean): Promise<string> {
  const deadline = Date.now() + 15_000;
  let html = '';
  while (Date.now() < deadline) {
    html = (await call('GET', path)).text;
    if (ready(html)) return html;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${path} never showed the change`);
}

const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]) as Record<string, unknown>;

const png = (r: number) =>
  sharp({ create: { width: 240, height: 160, channels: 3, background: { r, g: 80, b: 160 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  products = (await listProducts('?limit=40')).filter((p) => !p.is_bundle);
  expect(products.length).toBeGreaterThan(20);
});

afterAll(closeDb);

describe('product JSON', () => {
  it('lists every gallery image, main first, each served from storage, and a rating or null', async () => {
    // The demo products have two or three images each (other test files add products with one).
    const withGallery = products.filter((p) => p.images.length > 1);
    expect(withGallery.length).toBeGreaterThan(10);
    for (const product of products.filter((p) => p.image_path)) {
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      expect(product.images.length).toBeLessThanOrEqual(12);
      expect(product.images[0].url).toContain(product.image_path!.replace(/^\/media\//, ''));
    }
    const one = expectShape(productResponse, (await call('GET', `/api/products/${withGallery[0].id}`)).body);
    for (const image of one.images) {
      const served = await fetch(image.thumbnail_url!);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(image.alt).toEqual(expect.any(String));
    }
    expect(one).toHaveProperty('rating');
  });
});

describe('reviews', () => {
  it('refuses a visitor (401) and a customer who did not buy the item (403, the clear message), and a bad body (400)', async () => {
    const [item] = products;
    expectErrorShape(await review(item.id, null, { rating: 5, title: 'Nice' }), 401);
    const stranger = await registerCustomer('review-stranger');
    const refused = await review(item.id, stranger, { rating: 5, title: 'Nice' });
    expectErrorShape(refused, 403);
    expect((refused.body as { detail: string }).detail).toBe(NOT_A_BUYER);
    for (const body of [
      { rating: 6, title: 'x' },
      { rating: 0, title: 'x' },
      { rating: 4 },
      { rating: 4, title: 'x', body: 'a'.repeat(2001) },
      { rating: 4, title: 'a'.repeat(121) },
    ]) {
      expectErrorShape(await review(item.id, stranger, body), 400);
    }
    expectErrorShape(await review('nosuchproduct', stranger, { rating: 5, title: 'Nice' }), 404);
  });

  it("publishes a buyer's review on the cached page and its JSON-LD at once; a second is 409; edit and delete their own", async () => {
    const item = products[1];
    const before = (await call('GET', `/product/${item.id}`)).text;
    expect(jsonLd(before)).not.toHaveProperty('aggregateRating');
    expect(jsonLd(before)).not.toHaveProperty('review');

    const buyer = await registerCustomer('review-buyer');
    await buy(buyer, [item.id]);
    const mine = expectShape(ownReviewResponse, (await call('GET', `/api/account/reviews/${item.id}`, { headers: buyer.auth })).body);
    expect(mine).toEqual({ can_review: true, verified: 'purchase', review: null });
    const posted = await review(item.id, buyer, { rating: 4, title: `Crisp print ${buyer.id}`, body: 'Colours as shown.' });
    expect(posted.status, posted.text).toBe(201);
    const { id } = expectShape(reviewWriteResponse, posted.body);
    expectErrorShape(await review(item.id, buyer, { rating: 1, title: 'Again' }), 409);

    const html = await pageWhen(`/product/${item.id}`, (page) => page.includes(`Crisp print ${buyer.id}`));
    expect(html).toContain('Verified purchase');
    const data = jsonLd(html);
    expect(data.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 });
    expect(data.review).toMatchObject([{ '@type': 'Review', name: `Crisp print ${buyer.id}`, reviewRating: { ratingValue: 4 } }]);

    const edited = await call('PUT', `/api/products/${item.id}/reviews/${id}`, { headers: buyer.auth, json: { rating: 5, title: `Even better ${buyer.id}` } });
    expect(edited.status, edited.text).toBe(200);
    await pageWhen(`/product/${item.id}`, (page) => page.includes(`Even better ${buyer.id}`));
    const other = await registerCustomer('review-other');
    expectErrorShape(await call('DELETE', `/api/products/${item.id}/reviews/${id}`, { headers: other.auth }), 404);
    expect((await call('DELETE', `/api/products/${item.id}/reviews/${id}`, { headers: buyer.auth })).status).toBe(200);
    const after = await pageWhen(`/product/${item.id}`, (page) => !page.includes(`Even better ${buyer.id}`));
    expect(jsonLd(after)).not.toHaveProperty('aggregateRating');
  });

  it('lists with the contract, sorts, limits, and refuses bad queries and unknown items', async () => {
    const item = products[2];
    for (const [n, rating] of [3, 5, 1].entries()) {
      const buyer = await registerCustomer(`review-sort-${n}`);
      await buy(buyer, [item.id]);
      expect((await review(item.id, buyer, { rating, title: `Rated ${rating}` })).status).toBe(201);
    }
    const all = await call('GET', `/api/products/${item.id}/reviews`);
    const body = expectShape(reviewListResponse, all.body);
    expect(all.headers.get('x-total-count')).toBe('3');
    expect(all.headers.get('cache-control')).toContain('s-maxage=60');
    expect(body).toMatchObject({ average: 3, count: 3, distribution: { '1': 1, '2': 0, '3': 1, '4': 0, '5': 1 } });
    expect(body.reviews.map((r) => r.rating)).toEqual([1, 5, 3]);
    const highest = expectShape(reviewListResponse, (await call('GET', `/api/products/${item.id}/reviews?sort=highest&limit=2`)).body);
    expect(highest.reviews.map((r) => r.rating)).toEqual([5, 3]);
    const lowest = expectShape(reviewListResponse, (await call('GET', `/api/products/${item.id}/reviews?sort=lowest&offset=1`)).body);
    expect(lowest.reviews.map((r) => r.rating)).toEqual([3, 5]);
    expect(lowest.reviews[0].author).toMatch(/^Sec [A-Z]\.$|^Sec$/);
    for (const query of ['?limit=51', '?limit=0', '?offset=-1', '?sort=random'])
      expectErrorShape(await call('GET', `/api/products/${item.id}/reviews${query}`), 400);
    expectErrorShape(await call('GET', '/api/products/nosuchproduct/reviews'), 404);
    const card = expectShape(productResponse, (await call('GET', `/api/products/${item.id}`)).body);
    expect(card.rating).toEqual({ average: 3, count: 3 });
  });

  it('lets the admin hide with a reason (gone from the page at once), unhide and reply; others get 401', async () => {
    const item = products[3];
    const buyer = await registerCustomer('review-moderated');
    await buy(buyer, [item.id]);
    const { id } = expectShape(reviewWriteResponse, (await review(item.id, buyer, { rating: 2, title: `Moderated ${buyer.id}` })).body);
    await pageWhen(`/product/${item.id}`, (page) => page.includes(`Moderated ${buyer.id}`));

    expectErrorShape(await call('GET', '/api/admin/reviews', { headers: buyer.auth }), 401);
    expectErrorShape(await call('PUT', `/api/admin/reviews/${id}`, { headers: buyer.auth, json: { hidden: true, reason: 'x' } }), 401);
    expectErrorShape(await call('PUT', `/api/admin/reviews/${id}`, { headers: admin, json: { hidden: true } }), 400);
    expectErrorShape(await call('PUT', `/api/admin/reviews/${id}`, { headers: admin, json: {} }), 400);
    expect((await call('PUT', `/api/admin/reviews/${id}`, { headers: admin, json: { hidden: true, reason: 'Off topic' } })).status).toBe(200);
    await pageWhen(`/product/${item.id}`, (page) => !page.includes(`Moderated ${buyer.id}`));

    const listed = await call('GET', `/api/admin/reviews?status=hidden&search=${encodeURIComponent(buyer.email)}`, { headers: admin });
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(expectShape(z.array(adminReview), listed.body)).toMatchObject([{ id, status: 'hidden', hidden_reason: 'Off topic', customer_email: buyer.email }]);

    await call('PUT', `/api/admin/reviews/${id}`, { headers: admin, json: { hidden: false, reply: `Thanks ${buyer.id}` } });
    const html = await pageWhen(`/product/${item.id}`, (page) => page.includes(`Thanks ${buyer.id}`));
    expect(html).toContain(`Moderated ${buyer.id}`);
    expectErrorShape(await call('PUT', '/api/admin/reviews/nosuchreview', { headers: admin, json: { hidden: false } }), 404);
  });

  it('reads and saves the review request settings (admin only), days 1 to 90', async () => {
    expect(expectShape(reviewSettingsSchema, (await call('GET', '/api/admin/settings/reviews', { headers: admin })).body)).toEqual({
      request_enabled: true,
      request_delay_days: 7,
    });
    expectErrorShape(await call('PUT', '/api/admin/settings/reviews', { headers: admin, json: { request_enabled: true, request_delay_days: 91 } }), 400);
    const saved = await call('PUT', '/api/admin/settings/reviews', { headers: admin, json: { request_enabled: false, request_delay_days: 14 } });
    expect(saved.body).toEqual({ request_enabled: false, request_delay_days: 14 });
    await call('PUT', '/api/admin/settings/reviews', { headers: admin, json: { request_enabled: true, request_delay_days: 7 } });
    expectErrorShape(await call('GET', '/api/admin/settings/reviews'), 401);
  });
});

describe('wishlist', () => {
  it('needs a session, saves and removes by id, answers the products, and 404s an unknown one', async () => {
    for (const [method, path] of [
      ['GET', '/api/account/wishlist'],
      ['PUT', `/api/account/wishlist/${products[0].id}`],
      ['DELETE', `/api/account/wishlist/${products[0].id}`],
    ]) {
      expectErrorShape(await call(method, path), 401);
    }
    const customer = await registerCustomer('wishlist-api');
    const [first, second] = products;
    for (const item of [first, second, first]) {
      expect(expectShape(wishlistWriteResponse, (await call('PUT', `/api/account/wishlist/${item.id}`, { headers: customer.auth })).body)).toEqual({
        success: true,
        saved: true,
      });
    }
    const list = await call('GET', '/api/account/wishlist', { headers: customer.auth });
    expect(list.headers.get('cache-control')).toContain('no-store');
    const body = expectShape(wishlistResponse, list.body);
    expect(new Set(body.product_ids)).toEqual(new Set([first.id, second.id]));
    expect(body.items.map((i) => i.id).sort()).toEqual([first.id, second.id].sort());
    expect((await call('DELETE', `/api/account/wishlist/${first.id}`, { headers: customer.auth })).body).toEqual({ success: true, saved: false });
    expect(expectShape(wishlistResponse, (await call('GET', '/api/account/wishlist', { headers: customer.auth })).body).product_ids).toEqual([second.id]);
    expectErrorShape(await call('PUT', '/api/account/wishlist/nosuchproduct', { headers: customer.auth }), 404);
  });
});

describe('gallery', () => {
  it('adds images (multipart, repeated images), reorders with alt text and removes, for products and bundles; the page shows them', async () => {
    const item = products[5];
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(await png(10))], { type: 'image/png' }), 'one.png');
    form.append('images', new Blob([new Uint8Array(await png(200))], { type: 'image/png' }), 'two.png');
    expectErrorShape(await call('POST', `/api/products/${item.id}/images`, { body: form }), 401);
    const added = await call('POST', `/api/products/${item.id}/images`, { headers: admin, body: form });
    expect(added.status, added.text).toBe(201);
    const gallery = expectShape(galleryResponse, added.body).images;
    expect(gallery).toHaveLength(item.images.length + 2);

    const order = [...gallery].reverse().map((image, i) => ({ id: image.id, alt: `View ${i + 1}` }));
    const arranged = expectShape(galleryResponse, (await call('PUT', `/api/products/${item.id}/images`, { headers: admin, json: order })).body).images;
    expect(arranged.map((i) => i.alt)).toEqual(order.map((o) => o.alt));
    const html = await pageWhen(`/product/${item.id}`, (page) => page.includes('alt="View 1"'));
    expect(jsonLd(html).image).toEqual(arranged.map((i) => i.url));
    expect(expectShape(productResponse, (await call('GET', `/api/products/${item.id}`)).body).image_path).toBe(
      new URL(arranged[0].url).pathname.replace(/^\/api/, ''),
    );

    const removed = await call('DELETE', `/api/products/${item.id}/images/${arranged[0].id}`, { headers: admin });
    expect(expectShape(galleryResponse, removed.body).images.map((i) => i.id)).toEqual(arranged.slice(1).map((i) => i.id));
    expectErrorShape(await call('DELETE', `/api/products/${item.id}/images/nosuchimage`, { headers: admin }), 404);
    expectErrorShape(await call('PUT', `/api/products/${item.id}/images`, { headers: admin, json: [{ id: arranged[1].id, alt: '' }] }), 400);

    const bundle = (await call('GET', '/api/bundles?limit=1')).body as { id: string }[];
    const bundleForm = new FormData();
    bundleForm.append('images', new Blob([new Uint8Array(await png(99))], { type: 'image/png' }), 'b.png');
    expect((await call('POST', `/api/bundles/${bundle[0].id}/images`, { headers: admin, body: bundleForm })).status).toBe(201);
    expectErrorShape(await call('POST', `/api/products/${bundle[0].id}/images`, { headers: admin, body: bundleForm }), [400, 404]);
  });
});

describe('POST /api/email/unsubscribe', () => {
  it('refuses a token this shop did not sign, in the error shape', async () => {
    const res = await call('POST', '/api/email/unsubscribe?token=u1.Y2Zha2U.review_requests.bm90LWEtc2lnbmF0dXJl', {
      form: { 'List-Unsubscribe': 'One-Click' },
    });
    expectErrorShape(res, 400);
    expect((res.body as { detail: string }).detail).toContain('not valid');
  });
});
