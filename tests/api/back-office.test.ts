// Issue #15 §1–§4: the back office for a real catalogue — bundles made and
// changed, buyers keeping what they bought, vouchers that can be stopped,
// image replacement, sales cleared, tags renamed — over HTTP against the built shop.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminProductResponse,
  bundleCreateResponse,
  bundleResponse,
  bulkDeleteResponse,
  bulkUpdateResponse,
  categoryImageResponse,
  categoryResponse,
  categoryWriteResponse,
  productResponse,
  tagResponse,
  tagWriteResponse,
  type AdminProductResponse,
} from '@/lib/contract/catalog';
import { checkoutSessionResponse, checkoutStatusResponse } from '@/lib/contract/checkout';
import { errorBodySchema } from '@/lib/contract/error';
import { adminOrdersResponse, customerOrdersResponse, type CustomerOrderProductResponse } from '@/lib/contract/orders';
import { activeSaleResponse, bulkSaleResponse } from '@/lib/contract/sales';
import { individualUploadResponse } from '@/lib/contract/uploads';
import { discountValidationResponse, voucherCreateResponse, voucherResponse } from '@/lib/contract/vouchers';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, sql, unique, type Customer, type Reply } from '../security/helpers';
import { expectShape } from './helpers';

let admin: Record<string, string>;
const CATEGORY = 'Clip Art';

const png = (shade: number, width = 60, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 200 - (shade % 200) } } })
    .png()
    .toBuffer();

async function createProduct(title: string, files: { name: string; text: string }[]): Promise<string> {
  const body = new FormData();
  body.append('title', title);
  body.append('price', '12.50');
  body.append('category', CATEGORY);
  body.append('mockup', new Blob([new Uint8Array(await png(title.length * 7))], { type: 'image/png' }), 'mockup.png');
  for (const f of files) body.append('files', new Blob([f.text], { type: 'text/plain' }), f.name);
  const res = await call('POST', '/api/admin/individual-upload', { headers: admin, body });
  expect(res.status, res.text).toBe(201);
  return expectShape(individualUploadResponse, res.body).product_id;
}

type AdminItem = AdminProductResponse;
const adminList = z.array(adminProductResponse);

async function adminItem(id: string, search: string): Promise<AdminItem> {
  const res = await call('GET', `/api/admin/products?search=${encodeURIComponent(search)}&limit=50`, { headers: admin });
  expect(res.status, res.text).toBe(200);
  const item = expectShape(adminList, res.body).find((p) => p.id === id);
  if (!item) throw new Error(`${id} not in the admin list for ${search}`);
  return item;
}

async function freeVoucher(email: string): Promise<string> {
  const created = await call('POST', '/api/admin/vouchers/create', {
    headers: admin,
    json: { customer_email: email, type: 'percentage', value: 100, usage_type: 'one_time' },
  });
  expect(created.status, created.text).toBe(201);
  return expectShape(voucherCreateResponse, created.body).code;
}

/** A paid ($0, 100 % voucher) order of `productIds` for `customer`; its session id. */
async function buy(customer: Customer, productIds: string[]): Promise<string> {
  const code = await freeVoucher(customer.email);
  const res = await call('POST', `/api/checkout/session?discount_code=${code}`, {
    headers: customer.auth,
    json: productIds.map((product_id) => ({ product_id })),
  });
  expect(res.status, res.text).toBe(200);
  return expectShape(checkoutSessionResponse, res.body).session_id;
}

type OrderProduct = CustomerOrderProductResponse;

async function orderProduct(customer: Customer, sessionId: string, productId: string): Promise<OrderProduct> {
  const res = await call('GET', `/api/orders/${customer.id}`, { headers: customer.auth });
  expect(res.status, res.text).toBe(200);
  const order = expectShape(customerOrdersResponse, res.body).orders.find((o) => o.session_id === sessionId);
  const product = order?.products.find((p) => p.id === productId);
  if (!product) throw new Error(`order ${sessionId} has no ${productId}`);
  return product;
}

/** Follows a download link to the file's bytes. */
async function download(customer: Customer, path: string): Promise<{ status: number; text: string }> {
  const res = await call('GET', path, { headers: customer.auth });
  if (res.status !== 302) return { status: res.status, text: res.text };
  const file = await fetch(res.headers.get('location') as string);
  return { status: file.status, text: await file.text() };
}

/** Stored image paths (/media/…) are served under /api/media. */
const media = (path: string | null | undefined) => `${process.env.SHOP_URL}/api${path}`;

const objectExists = async (key: string) => (await fetch(`${process.env.S3_ENDPOINT}/${process.env.S3_BUCKET ?? 'shop-files'}/${key}`)).status === 200;

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  await clearRateLimits('checkout', 'register', 'download');
});

afterAll(async () => {
  await clearRateLimits('checkout', 'register', 'download');
  await closeDb();
});

describe('bundles made in the back office (§1)', () => {
  let a: string;
  let b: string;
  let c: string;
  const tag = unique();

  beforeAll(async () => {
    a = await createProduct(`Bundle part A ${tag}`, [{ name: 'a.txt', text: 'file of A' }]);
    b = await createProduct(`Bundle part B ${tag}`, [{ name: 'b.txt', text: 'file of B' }]);
    c = await createProduct(`Bundle part C ${tag}`, [{ name: 'c.txt', text: 'file of C' }]);
  });

  // The API files share one shop, and catalog.test.ts reads the seed's bundles: leave only those listed.
  afterAll(async () => {
    const made = await sql<{ id: string }>('SELECT id FROM "Product" WHERE "isBundle" AND "deletedAt" IS NULL AND title LIKE $1', [`%${tag}`]);
    for (const { id } of made) expect((await call('DELETE', `/api/bundles/${id}`, { headers: admin })).status).toBe(200);
  });

  it('creates a bundle with ordered contents and a cover made from their thumbnails', async () => {
    const res = await call('POST', '/api/admin/bundles', {
      headers: admin,
      json: { title: `Starter bundle ${tag}`, price: 20, description: 'Three designs', category: CATEGORY, tags: ['Kit', 'kit'], product_ids: [b, a] },
    });
    expect(res.status, res.text).toBe(201);
    const { id } = expectShape(bundleCreateResponse, res.body);
    const bundle = await call('GET', `/api/bundles/${id}`);
    expect(bundle.status).toBe(200);
    expect(expectShape(bundleResponse, bundle.body)).toMatchObject({
      title: `Starter bundle ${tag}`,
      price: 20,
      is_bundle: true,
      category: CATEGORY,
      tags: ['kit'],
      product_ids: [b, a],
    });
    const cover = expectShape(bundleResponse, bundle.body).cover_image_path;
    expect(cover).toMatch(/^\/media\/previews\//);
    const image = await fetch(media(cover));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBeGreaterThan(400);
  });

  it('refuses unknown, deleted and bundled products and an empty bundle with 400', async () => {
    const base = { title: `Bad bundle ${tag}`, price: 5, category: CATEGORY };
    const deleted = await createProduct(`Deleted part ${tag}`, [{ name: 'd.txt', text: 'd' }]);
    expect((await call('DELETE', `/api/products/${deleted}`, { headers: admin })).status).toBe(200);
    const nested = expectShape(
      bundleCreateResponse,
      (await call('POST', '/api/admin/bundles', { headers: admin, json: { ...base, product_ids: [a] } })).body,
    ).id;
    const before = await sql<{ n: string }>('SELECT count(*) AS n FROM "Product" WHERE title = $1', [base.title]);

    for (const [product_ids, detail] of [
      [[a, 'czzzzzzzzzzzzzzzzzzzzzzzz'], /Unknown or deleted/],
      [[deleted], /Unknown or deleted/],
      [[a, nested], /cannot contain another bundle/],
      [[], /at least one product/],
    ] as const) {
      const res = await call('POST', '/api/admin/bundles', { headers: admin, json: { ...base, product_ids } });
      expectErrorShape(res, 400);
      expect(expectShape(errorBodySchema, res.body).detail).toMatch(detail);
      expect(res.body).toMatchObject({ fields: { product_ids: [expect.any(String)] } });
    }
    expectErrorShape(await call('POST', '/api/admin/bundles', { headers: admin, json: { ...base, category: 'No Such Category', product_ids: [a] } }), 400);
    expect(await sql<{ n: string }>('SELECT count(*) AS n FROM "Product" WHERE title = $1', [base.title])).toEqual(before);
  });

  it('replaces the contents with PUT product_ids, in the new order, and refuses bad ones without a change', async () => {
    const { id } = expectShape(
      bundleCreateResponse,
      (await call('POST', '/api/admin/bundles', { headers: admin, json: { title: `Edit bundle ${tag}`, price: 9, category: CATEGORY, product_ids: [a] } }))
        .body,
    );
    expect((await call('PUT', `/api/bundles/${id}`, { headers: admin, json: { product_ids: [c, a, b] } })).status).toBe(200);
    expect(expectShape(bundleResponse, (await call('GET', `/api/bundles/${id}`)).body).product_ids).toEqual([c, a, b]);
    expectErrorShape(await call('PUT', `/api/bundles/${id}`, { headers: admin, json: { product_ids: [] } }), 400);
    expectErrorShape(await call('PUT', `/api/bundles/${id}`, { headers: admin, json: { product_ids: [id] } }), 400);
    expectErrorShape(await call('PUT', `/api/bundles/${id}`, { headers: admin, json: { title: 'Renamed', product_ids: ['cnotaproductatall000000000'] } }), 400);
    const after = expectShape(bundleResponse, (await call('GET', `/api/bundles/${id}`)).body);
    expect(after).toMatchObject({ title: `Edit bundle ${tag}`, product_ids: [c, a, b] });
    expectErrorShape(await call('PUT', `/api/products/${a}`, { headers: admin, json: { product_ids: [b] } }), 400);
  });

  it('shows the contained products on the bundle page: titles, thumbnails and links', async () => {
    const { id } = expectShape(
      bundleCreateResponse,
      (await call('POST', '/api/admin/bundles', { headers: admin, json: { title: `Page bundle ${tag}`, price: 9, category: CATEGORY, product_ids: [a, c] } }))
        .body,
    );
    const page = await call('GET', `/product/${id}`);
    expect(page.status).toBe(200);
    // The bundle's own list: the page's recommendations may well offer b, a product of the same category.
    const contents = /data-testid="bundle-contents">([\s\S]*?)<\/ul>/.exec(page.text)?.[1] ?? '';
    for (const productId of [a, c]) {
      const item = await adminItem(productId, tag);
      expect(contents).toContain(`href="/product/${productId}"`);
      expect(contents).toContain(item.title);
      expect(contents).toContain(item.thumbnail_path);
    }
    expect(contents).not.toContain(`href="/product/${b}"`);
  });

  it('gives a buyer the files of every contained product, including one added after the purchase', async () => {
    const { id } = expectShape(
      bundleCreateResponse,
      (await call('POST', '/api/admin/bundles', { headers: admin, json: { title: `Growing bundle ${tag}`, price: 9, category: CATEGORY, product_ids: [a] } }))
        .body,
    );
    const buyer = await registerCustomer('bundle-buyer');
    const sessionId = await buy(buyer, [id]);
    expect((await orderProduct(buyer, sessionId, id)).original_filenames).toEqual(['a.txt']);

    expect((await call('PUT', `/api/bundles/${id}`, { headers: admin, json: { product_ids: [a, b] } })).status).toBe(200);
    const line = await orderProduct(buyer, sessionId, id);
    expect(line.original_filenames).toEqual(['a.txt', 'b.txt']);
    expect(await download(buyer, line.file_paths[1])).toEqual({ status: 200, text: 'file of B' });
  });

  it('keeps a product taken out of the bundle for earlier buyers and hides it from later ones', async () => {
    const { id } = expectShape(
      bundleCreateResponse,
      (
        await call('POST', '/api/admin/bundles', {
          headers: admin,
          json: { title: `Shrinking bundle ${tag}`, price: 9, category: CATEGORY, product_ids: [a, b] },
        })
      ).body,
    );
    const early = await registerCustomer('bundle-early');
    const earlySession = await buy(early, [id]);
    expect((await call('PUT', `/api/bundles/${id}`, { headers: admin, json: { product_ids: [b] } })).status).toBe(200);
    const late = await registerCustomer('bundle-late');
    const lateSession = await buy(late, [id]);

    const earlyLine = await orderProduct(early, earlySession, id);
    expect(earlyLine.original_filenames).toEqual(['a.txt', 'b.txt']);
    expect(await download(early, earlyLine.file_paths[0])).toEqual({ status: 200, text: 'file of A' });
    expect((await orderProduct(late, lateSession, id)).original_filenames).toEqual(['b.txt']);
    expect((await download(late, `/api/download/${lateSession}/${id}?file_id=${earlyLine.files[0].id}`)).status).toBe(404);
  });
});

describe('a buyer keeps what they bought (§3)', () => {
  const tag = unique();

  it('removing a file hides it from new buyers only; earlier orders download it by id and by index', async () => {
    const id = await createProduct(`Kept files ${tag}`, [
      { name: 'first.txt', text: 'first file' },
      { name: 'second.txt', text: 'second file' },
    ]);
    const before = await adminItem(id, tag);
    const early = await registerCustomer('files-early');
    const earlySession = await buy(early, [id]);

    const removed = await call('DELETE', `/api/products/${id}/files?file_path=${encodeURIComponent(before.file_paths[0])}`, { headers: admin });
    expect(removed.status, removed.text).toBe(200);
    expect((await adminItem(id, tag)).original_filenames).toEqual(['second.txt']);
    expect(expectShape(productResponse, (await call('GET', `/api/products/${id}`)).body).original_filenames).toEqual(['second.txt']);

    // The earlier order: both files, links by stable id, and the spec's file_index unshifted.
    const line = await orderProduct(early, earlySession, id);
    expect(line.original_filenames).toEqual(['first.txt', 'second.txt']);
    expect(line.files.map((f) => f.id)).toEqual(before.file_ids);
    expect(line.file_paths[0]).toContain(`file_id=${before.file_ids[0]}`);
    expect(await download(early, line.file_paths[0])).toEqual({ status: 200, text: 'first file' });
    expect(await download(early, `/api/download/${earlySession}/${id}?file_index=0`)).toEqual({ status: 200, text: 'first file' });
    expect(await download(early, `/api/download/${earlySession}/${id}?file_index=1`)).toEqual({ status: 200, text: 'second file' });
    const status = await call('GET', `/api/checkout/status/${earlySession}`, { headers: early.auth });
    expect(expectShape(checkoutStatusResponse, status.body).items[0].files.map((f) => f.filename)).toEqual(['first.txt', 'second.txt']);
    expect(await objectExists(before.file_paths[0])).toBe(true);

    // A later buyer: only what is listed now; the removed file's id is not theirs.
    const late = await registerCustomer('files-late');
    const lateSession = await buy(late, [id]);
    expect((await orderProduct(late, lateSession, id)).original_filenames).toEqual(['second.txt']);
    expect(await download(late, `/api/download/${lateSession}/${id}?file_index=0`)).toEqual({ status: 200, text: 'second file' });
    expect((await download(late, `/api/download/${lateSession}/${id}?file_id=${before.file_ids[0]}`)).status).toBe(404);
  });

  it('deletes a file nobody bought from storage', async () => {
    const id = await createProduct(`Unsold files ${tag}`, [
      { name: 'old.txt', text: 'old' },
      { name: 'keep.txt', text: 'keep' },
    ]);
    const before = await adminItem(id, `Unsold files ${tag}`);
    expect(await objectExists(before.file_paths[0])).toBe(true);
    expect((await call('DELETE', `/api/products/${id}/files?file_path=${encodeURIComponent(before.file_paths[0])}`, { headers: admin })).status).toBe(200);
    expect(await objectExists(before.file_paths[0])).toBe(false);
    expect((await call('DELETE', `/api/products/${id}/files?file_path=${encodeURIComponent(before.file_paths[0])}`, { headers: admin })).status).toBe(404);
  });

  it('keeps a file added after a purchase and removed later for that buyer, who saw it', async () => {
    const id = await createProduct(`Update then remove ${tag}`, [{ name: 'v1.txt', text: 'version 1' }]);
    const buyer = await registerCustomer('update-buyer');
    const sessionId = await buy(buyer, [id]);
    const add = new FormData();
    add.append('files', new Blob(['version 2'], { type: 'text/plain' }), 'v2.txt');
    expect((await call('POST', `/api/products/${id}/files`, { headers: admin, body: add })).status).toBe(200);
    expect((await orderProduct(buyer, sessionId, id)).original_filenames).toEqual(['v1.txt', 'v2.txt']);

    const added = await adminItem(id, `Update then remove ${tag}`);
    expect((await call('DELETE', `/api/products/${id}/files?file_path=${encodeURIComponent(added.file_paths[1])}`, { headers: admin })).status).toBe(200);
    const line = await orderProduct(buyer, sessionId, id);
    expect(line.original_filenames).toEqual(['v1.txt', 'v2.txt']);
    expect(await download(buyer, line.file_paths[1])).toEqual({ status: 200, text: 'version 2' });
    expect(await objectExists(added.file_paths[1])).toBe(true);
  });

  it('keeps a deleted product downloadable for its buyer', async () => {
    const id = await createProduct(`Deleted later ${tag}`, [{ name: 'gone.txt', text: 'still mine' }]);
    const buyer = await registerCustomer('deleted-buyer');
    const sessionId = await buy(buyer, [id]);
    expect((await call('DELETE', `/api/products/${id}`, { headers: admin })).status).toBe(200);
    const line = await orderProduct(buyer, sessionId, id);
    expect(await download(buyer, line.file_paths[0])).toEqual({ status: 200, text: 'still mine' });
  });
});

describe('vouchers an owner can stop (§4)', () => {
  async function voucher(type: 'percentage' | 'fixed_amount', usage_type: 'reusable' | 'one_time', value = 10) {
    const res = await call('POST', '/api/admin/vouchers/create', {
      headers: admin,
      json: { customer_email: `v-${unique()}@example.com`, type, value, usage_type },
    });
    expect(res.status, res.text).toBe(201);
    return expectShape(voucherCreateResponse, res.body).voucher;
  }
  const validate = async (code: string) => expectShape(discountValidationResponse, (await call('POST', `/api/validate-discount?code=${code}`)).body);

  it('disables and enables a voucher; a disabled code is refused by validate-discount and checkout with a clear message', async () => {
    const v = await voucher('percentage', 'reusable');
    const disabled = await call('PUT', `/api/admin/vouchers/${v.id}`, { headers: admin, json: { status: 'disabled' } });
    expect(disabled.status, disabled.text).toBe(200);
    expect(expectShape(voucherResponse, disabled.body)).toMatchObject({ id: v.id, status: 'disabled' });
    expect(await validate(v.code)).toMatchObject({ valid: false, message: 'This discount code has been disabled' });
    const product = expectShape(z.array(productResponse), (await call('GET', '/api/products?limit=1')).body)[0];
    const checkout = await call('POST', `/api/checkout/session?discount_code=${v.code}`, { json: [{ product_id: product.id }] });
    expectErrorShape(checkout, [400, 409]);
    expect(expectShape(errorBodySchema, checkout.body).detail).toBe('This discount code has been disabled');

    expect(expectShape(voucherResponse, (await call('PUT', `/api/admin/vouchers/${v.id}`, { headers: admin, json: { status: 'active' } })).body)).toMatchObject(
      { status: 'active' },
    );
    expect(await validate(v.code)).toMatchObject({ valid: true });
    expectErrorShape(await call('PUT', `/api/admin/vouchers/${v.id}`, { headers: admin, json: { status: 'used' } }), 400);
    expectErrorShape(await call('PUT', '/api/admin/vouchers/cnosuchvoucher000000000000', { headers: admin, json: { status: 'disabled' } }), 404);
  });

  it('deletes a voucher never used, and answers 409 for a used one', async () => {
    const unused = await voucher('fixed_amount', 'one_time');
    expect((await call('DELETE', `/api/admin/vouchers/${unused.id}`, { headers: admin })).status).toBe(200);
    expect(await validate(unused.code)).toMatchObject({ valid: false });
    expectErrorShape(await call('DELETE', `/api/admin/vouchers/${unused.id}`, { headers: admin }), 404);

    const buyer = await registerCustomer('voucher-used');
    const product = expectShape(z.array(productResponse), (await call('GET', '/api/products?limit=1')).body)[0];
    const code = await freeVoucher(buyer.email);
    expect((await call('POST', `/api/checkout/session?discount_code=${code}`, { headers: buyer.auth, json: [{ product_id: product.id }] })).status).toBe(200);
    const used = expectShape(z.array(voucherResponse), (await call('GET', `/api/admin/vouchers?search=${code}`, { headers: admin })).body)[0];
    expect(used.status).toBe('used');
    const refused = await call('DELETE', `/api/admin/vouchers/${used.id}`, { headers: admin });
    expectErrorShape(refused, 409);
    expect(await count(`SELECT count(*) AS n FROM "Voucher" WHERE id = $1`, [used.id])).toBe(1);
    expectErrorShape(await call('PUT', `/api/admin/vouchers/${used.id}`, { headers: admin, json: { status: 'disabled' } }), 409);
  });

  it('pages and searches the voucher list on the server', async () => {
    const v = await voucher('percentage', 'one_time', 15);
    const byCode = await call('GET', `/api/admin/vouchers?search=${v.code.slice(0, 9).toLowerCase()}`, { headers: admin });
    expect(byCode.status).toBe(200);
    expect(expectShape(z.array(voucherResponse), byCode.body).map((x) => x.id)).toContain(v.id);
    const page = await call('GET', '/api/admin/vouchers?limit=2&offset=0', { headers: admin });
    expect(expectShape(z.array(voucherResponse), page.body).length).toBe(2);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);
    expectErrorShape(await call('GET', '/api/admin/vouchers?limit=0', { headers: admin }), 400);
  });
});

async function count(text: string, values: unknown[]): Promise<number> {
  return Number((await sql<{ n: string }>(text, values))[0].n);
}

describe('images, sales and tags (§4)', () => {
  const tag = unique();

  it('replaces a product mockup through the image pipeline', async () => {
    const id = await createProduct(`New mockup ${tag}`, [{ name: 'm.txt', text: 'm' }]);
    const before = await adminItem(id, tag);
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(await png(33, 900, 700))], { type: 'image/png' }), 'new.png');
    const res = await call('POST', `/api/products/${id}/image`, { headers: admin, body });
    expect(res.status, res.text).toBe(200);
    const after = await adminItem(id, tag);
    expect(after.image_path).not.toBe(before.image_path);
    expect(after.thumbnail_path).not.toBe(before.thumbnail_path);
    const preview = await fetch(media(after.image_path));
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(900);
    expect((await fetch(media(before.image_path))).status).toBe(404);
    expectErrorShape(await call('POST', `/api/products/${id}/image`, { headers: admin, body: new FormData() }), 400);
  });

  it('sets a category display image', async () => {
    const created = await call('POST', '/api/categories', { headers: admin, json: { name: `Imaged ${tag}`, subcategories: [] } });
    const id = expectShape(categoryWriteResponse, created.body).id;
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(await png(90, 1000, 800))], { type: 'image/png' }), 'cat.png');
    const res = await call('POST', `/api/categories/${id}/image`, { headers: admin, body });
    expect(res.status, res.text).toBe(200);
    const listed = expectShape(z.array(categoryResponse), (await call('GET', '/api/categories')).body).find((c) => c.id === id);
    expect(listed?.display_image).toBe(expectShape(categoryImageResponse, res.body).display_image);
    const image = await fetch(media(listed?.display_image));
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(800);
    await call('DELETE', `/api/categories/${id}`, { headers: admin });
  });

  it('clears a sale with sale_price null and on_sale false; an expired sale never blocks a price change', async () => {
    const id = await createProduct(`Sale edits ${tag}`, [{ name: 's.txt', text: 's' }]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('PUT', `/api/products/${id}`, { headers: admin, json: { sale_price: 5, on_sale: true, sale_end: future } })).status).toBe(200);
    expect((await call('PUT', `/api/products/${id}`, { headers: admin, json: { sale_price: null, on_sale: false } })).status).toBe(200);
    expect(await adminItem(id, tag)).toMatchObject({ on_sale: false, sale_price: null });

    const past = new Date(Date.now() - 86_400_000).toISOString();
    const start = new Date(Date.now() - 2 * 86_400_000).toISOString();
    expect(
      (await call('PUT', `/api/products/${id}`, { headers: admin, json: { sale_price: 10, on_sale: true, sale_start: start, sale_end: past } })).status,
    ).toBe(200);
    const lowered = await call('PUT', `/api/products/${id}`, { headers: admin, json: { price: 4 } });
    expect(lowered.status, lowered.text).toBe(200);
    expect((await adminItem(id, tag)).price).toBe(4);
    // A sale still running does hold the rule.
    expectErrorShape(await call('PUT', `/api/products/${id}`, { headers: admin, json: { sale_end: future } }), 400);
  });

  it('renames a tag on every product, and deletes it from every product', async () => {
    const name = `old-${tag}`;
    const created = await call('POST', '/api/tags', { headers: admin, json: { name } });
    const tagId = expectShape(tagWriteResponse, created.body).id;
    const first = await createProduct(`Tagged one ${tag}`, [{ name: 't.txt', text: 't' }]);
    const second = await createProduct(`Tagged two ${tag}`, [{ name: 't.txt', text: 't' }]);
    await call('PUT', `/api/products/${first}`, { headers: admin, json: { tags: ['keep', name] } });
    await call('PUT', `/api/products/${second}`, { headers: admin, json: { tags: [name, `new-${tag}`] } });

    const renamed = await call('PUT', `/api/tags/${tagId}`, { headers: admin, json: { name: `New-${tag}` } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await adminItem(first, tag)).tags).toEqual(['keep', `new-${tag}`]);
    // Renaming onto a name the product already has keeps it once.
    expect((await adminItem(second, tag)).tags).toEqual([`new-${tag}`]);
    expect(expectShape(z.array(tagResponse), (await call('GET', '/api/tags')).body).map((t) => t.name)).not.toContain(name);

    const keptId = expectShape(tagWriteResponse, renamed.body).id;
    expect((await call('DELETE', `/api/tags/${keptId}`, { headers: admin })).status).toBe(200);
    expect((await adminItem(first, tag)).tags).toEqual(['keep']);
    expect((await adminItem(second, tag)).tags).toEqual([]);
    expectErrorShape(await call('PUT', `/api/tags/${keptId}`, { headers: admin, json: { name: 'x' } }), 404);
  });
});

describe('admin lists at any size (§2)', () => {
  const tag = unique();
  let ids: string[];

  beforeAll(async () => {
    ids = [];
    for (const n of [1, 2, 3]) ids.push(await createProduct(`Paged ${tag} ${n}`, [{ name: 'p.txt', text: 'p' }]));
  });

  const page = (query: string): Promise<Reply> => call('GET', `/api/admin/products?${query}`, { headers: admin });

  it('pages products on the server with X-Total-Count and searches titles', async () => {
    const first = await page(`search=${tag}&limit=2&offset=0`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('3');
    const second = await page(`search=${tag}&limit=2&offset=2`);
    const seen = [...expectShape(adminList, first.body), ...expectShape(adminList, second.body)].map((p) => p.id);
    expect(seen.sort()).toEqual([...ids].sort());
    expect((await page(`search=${tag}&kind=bundle`)).headers.get('x-total-count')).toBe('0');
    expect(Number((await page('limit=1')).headers.get('x-total-count'))).toBeGreaterThan(3);
    expectErrorShape(await page('limit=501'), 400);
  });

  it('applies a sale, a category and a delete to all matching items, on every page', async () => {
    const now = Date.now();
    const sale = await call('POST', '/api/admin/bulk-sale', {
      headers: admin,
      json: {
        target_type: 'products',
        sale_price_type: 'percentage',
        sale_value: 20,
        sale_start: new Date(now - 60_000).toISOString(),
        sale_end: new Date(now + 86_400_000).toISOString(),
        all_matching: { search: tag },
      },
    });
    expect(sale.status, sale.text).toBe(200);
    expect(expectShape(bulkSaleResponse, sale.body)).toMatchObject({ updated_count: 3 });
    expect((await page(`search=${tag}&on_sale=true`)).headers.get('x-total-count')).toBe('3');

    const moved = await call('POST', '/api/admin/products/bulk-update', { headers: admin, json: { all_matching: { search: tag }, category: 'Clip Art' } });
    expect(expectShape(bulkUpdateResponse, moved.body)).toMatchObject({ updated_count: 3 });
    expectErrorShape(await call('POST', '/api/admin/products/bulk-update', { headers: admin, json: { category: 'Clip Art' } }), 400);

    const deleted = await call('POST', '/api/admin/products/bulk-delete', { headers: admin, json: { all_matching: { search: `${tag} 2` } } });
    expect(expectShape(bulkDeleteResponse, deleted.body)).toMatchObject({ deleted_count: 1 });
    expect((await page(`search=${tag}`)).headers.get('x-total-count')).toBe('2');
  });

  it('pages the active sales with X-Total-Count, soonest end first, so a store-wide sale never loads every product at once', async () => {
    // The two items left on sale by the test above end in a day; every page together is the whole list, each item once.
    const seen: { id: string; sale_end: string | null }[] = [];
    let total = -1;
    for (let offset = 0; total < 0 || offset < total; offset += 2) {
      const res = await call('GET', `/api/admin/active-sales?limit=2&offset=${offset}`, { headers: admin });
      expect(res.status, res.text).toBe(200);
      total = Number(res.headers.get('x-total-count'));
      const rows = expectShape(z.array(activeSaleResponse), res.body);
      expect(rows.length).toBe(Math.min(2, total - offset));
      seen.push(...rows);
    }
    expect(total).toBeGreaterThanOrEqual(2);
    expect(new Set(seen.map((s) => s.id)).size).toBe(total);
    expect(seen.map((s) => s.id)).toEqual(expect.arrayContaining([ids[0], ids[2]]));
    const ends = seen.map((s) => (s.sale_end === null ? Infinity : Date.parse(s.sale_end)));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expectErrorShape(await call('GET', '/api/admin/active-sales?limit=0', { headers: admin }), 400);
  });

  it('pages orders and finds one by email or session id', async () => {
    const buyer = await registerCustomer('orders-search');
    const sessionId = await buy(buyer, [ids[0]]);
    const byEmail = await call('GET', `/api/admin/orders?status=all&search=${encodeURIComponent(buyer.email.split('@')[0])}`, { headers: admin });
    expect(byEmail.status).toBe(200);
    expect(expectShape(adminOrdersResponse, byEmail.body).orders.map((o) => o.session_id)).toEqual([sessionId]);
    expect(byEmail.headers.get('x-total-count')).toBe('1');
    const bySession = await call('GET', `/api/admin/orders?search=${sessionId.slice(-12)}`, { headers: admin });
    expect(expectShape(adminOrdersResponse, bySession.body).orders.map((o) => o.session_id)).toEqual([sessionId]);
    const paged = await call('GET', '/api/admin/orders?status=all&limit=1', { headers: admin });
    expect(expectShape(adminOrdersResponse, paged.body).orders).toHaveLength(1);
    expect(Number(paged.headers.get('x-total-count'))).toBeGreaterThan(1);
  });
});

describe('/sitemap.xml (§6)', () => {
  it('is a sitemap index naming the listings and product sitemaps, which list every product', async () => {
    const index = await call('GET', '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('xml');
    expect(index.text).toContain('<sitemapindex');
    const locations = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locations).toContain('/sitemap-pages.xml');
    const productFiles = locations.filter((p) => /^\/product\/sitemap\/\d+\.xml$/.test(p));
    expect(productFiles).toContain('/product/sitemap/0.xml');

    const [{ n }] = await sql<{ n: string }>('SELECT count(*) AS n FROM "Product" WHERE "deletedAt" IS NULL');
    const listed = new Set<string>();
    for (const path of productFiles) {
      const file = await call('GET', path);
      expect(file.status).toBe(200);
      for (const m of file.text.matchAll(/<loc>[^<]*\/product\/([a-z0-9]+)<\/loc>/g)) listed.add(m[1]);
    }
    expect(listed.size).toBe(Number(n));

    const pages = await call('GET', '/sitemap-pages.xml');
    expect(pages.text).toContain('/products?category=');
    expect((await call('GET', `/product/sitemap/${productFiles.length}.xml`)).status).toBe(404);
    expect((await call('GET', '/robots.txt')).text).toMatch(/Sitemap: \S+\/sitemap\.xml/);
  });
});
