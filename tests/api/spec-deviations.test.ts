// Issue #15 §5: places where main answered differently from docs/product.md, held to the spec here.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '@/lib/contract/catalog';
import { checkoutSessionResponse, checkoutStatusResponse, testPaymentResponse } from '@/lib/contract/checkout';
import { subscribeResponse } from '@/lib/contract/membership';
import { customerOrdersResponse } from '@/lib/contract/orders';
import { bulkUploadResponse, uploadProgressResponse, type UploadProgressResponse } from '@/lib/contract/uploads';
import { voucherCreateResponse } from '@/lib/contract/vouchers';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, unique, type Customer } from '../security/helpers';
import { expectShape, listProducts } from './helpers';

let admin: Record<string, string>;
let product: ProductResponse;

async function fullVoucher(email: string): Promise<string> {
  const created = await call('POST', '/api/admin/vouchers/create', {
    headers: admin,
    json: { customer_email: email, type: 'percentage', value: 100, usage_type: 'one_time', notes: 'spec deviations' },
  });
  expect(created.status, created.text).toBe(201);
  return expectShape(voucherCreateResponse, created.body).code;
}

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  [product] = await listProducts('?limit=1');
});

afterAll(async () => {
  // Checkouts and registrations from this address count for the files that follow.
  await clearRateLimits('checkout', 'register');
  await closeDb();
});

describe('a $0 checkout', () => {
  it('reports payment_status paid once a 100 % voucher order is fulfilled', async () => {
    const code = await fullVoucher(`free-${unique()}@example.com`);
    const checkout = await call('POST', `/api/checkout/session?discount_code=${code}`, { json: [{ product_id: product.id }] });
    expect(checkout.status, checkout.text).toBe(200);
    const { session_id: sessionId, ...opened } = expectShape(checkoutSessionResponse, checkout.body);
    expect(opened).toMatchObject({ free_checkout: true, is_member: false });

    const status = await call('GET', `/api/checkout/status/${sessionId}`);
    expect(status.status, status.text).toBe(200);
    expect(expectShape(checkoutStatusResponse, status.body)).toMatchObject({ payment_status: 'paid', status: 'complete', product_ids: [product.id] });
  });

  it('reports payment_status paid for a member’s $0 order', async () => {
    const member: Customer = await registerCustomer('member');
    const subscribe = await call('POST', '/api/membership/subscribe', { headers: member.auth, form: { plan_interval: 'month' } });
    expect(subscribe.status, subscribe.text).toBe(200);
    const membershipSession = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec(expectShape(subscribeResponse, subscribe.body).url)?.[1];
    const completed = await call('POST', `/api/checkout/test/${membershipSession}/complete`, { headers: member.auth, json: {} });
    expect(completed.status).toBe(200);
    expectShape(testPaymentResponse, completed.body);

    const checkout = await call('POST', '/api/checkout/session', { headers: member.auth, json: [{ product_id: product.id }] });
    expect(checkout.status, checkout.text).toBe(200);
    const opened = expectShape(checkoutSessionResponse, checkout.body);
    expect(opened).toMatchObject({ free_checkout: true, is_member: true });
    const status = await call('GET', `/api/checkout/status/${opened.session_id}`, { headers: member.auth });
    expect(expectShape(checkoutStatusResponse, status.body)).toMatchObject({ payment_status: 'paid', status: 'complete' });
  });

  it('still reports unpaid for an open card checkout', async () => {
    const checkout = await call('POST', '/api/checkout/session', { json: [{ product_id: product.id }] });
    expect(checkout.status, checkout.text).toBe(200);
    const status = await call('GET', `/api/checkout/status/${expectShape(checkoutSessionResponse, checkout.body).session_id}`);
    expect(expectShape(checkoutStatusResponse, status.body)).toMatchObject({ payment_status: 'unpaid', status: 'open', items: [] });
  });
});

describe('POST /api/admin/bulk-upload', () => {
  const image = (shade: number) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 160 } } })
      .png()
      .toBuffer();
  async function settled(batchId: string): Promise<UploadProgressResponse> {
    let progress: UploadProgressResponse | null = null;
    // Processing runs in the background; the bound only stops a hung batch from hanging the run.
    for (let poll = 0; poll < 200 && (!progress || progress.stage === 'processing'); poll++) {
      await new Promise((r) => setTimeout(r, 250));
      progress = expectShape(uploadProgressResponse, (await call('GET', `/api/admin/upload-progress/${batchId}`, { headers: admin })).body);
    }
    if (!progress) throw new Error('no progress was read');
    return progress;
  }

  it('accepts the files before price, category, subcategory and tags, in the order docs/product.md §7 lists them', async () => {
    const tag = `first-${unique()}`;
    const body = new FormData();
    body.append('files', new Blob([new Uint8Array(await image(20))], { type: 'image/png' }), `files first ${tag}.png`);
    body.append('files', new Blob([new Uint8Array(await image(200))], { type: 'image/png' }), `files second ${tag}.png`);
    body.append('price', '4.50');
    body.append('category', 'Clip Art');
    body.append('subcategory', '');
    body.append('tags', tag);
    const res = await call('POST', '/api/admin/bulk-upload', { headers: admin, body });
    expect(res.status, res.text).toBe(202);
    const progress = await settled(expectShape(bulkUploadResponse, res.body).batch_id);
    expect(progress).toMatchObject({ stage: 'complete', total_files: 2, successful_files: 2 });
    const made = await listProducts(`?search=${encodeURIComponent(tag)}`);
    expect(made.map((p) => [p.price, p.category, p.tags])).toEqual([
      [4.5, 'Clip Art', [tag]],
      [4.5, 'Clip Art', [tag]],
    ]);
  });

  it('still refuses a batch whose fields never say the price', async () => {
    const body = new FormData();
    body.append('files', new Blob([new Uint8Array(await image(90))], { type: 'image/png' }), 'no price.png');
    body.append('category', 'Clip Art');
    const res = await call('POST', '/api/admin/bulk-upload', { headers: admin, body });
    expectErrorShape(res, 400);
    expect(res.body).toMatchObject({ code: 'invalid_request', detail: expect.stringMatching(/Price is required/) });
  });
});

describe('GET /api/orders/{userId}', () => {
  it('gives each product file_paths and original_filenames, one per downloadable file, never a storage key', async () => {
    const buyer = await registerCustomer('orders');
    const code = await fullVoucher(buyer.email);
    const checkout = await call('POST', `/api/checkout/session?discount_code=${code}`, { headers: buyer.auth, json: [{ product_id: product.id }] });
    expect(checkout.status, checkout.text).toBe(200);
    const sessionId = expectShape(checkoutSessionResponse, checkout.body).session_id;

    const res = await call('GET', `/api/orders/${buyer.id}`, { headers: buyer.auth });
    expect(res.status, res.text).toBe(200);
    const { orders } = expectShape(customerOrdersResponse, res.body);
    const [line] = orders.find((o) => o.session_id === sessionId)!.products;
    expect(line.id).toBe(product.id);
    expect(line.original_filenames.length).toBeGreaterThan(0);
    // Each path names the file's stable id (decision 059), one per filename.
    expect(line.file_paths).toEqual(line.files.map((f) => `/api/download/${sessionId}/${product.id}?file_id=${f.id}`));
    expect(line.files).toHaveLength(line.original_filenames.length);
    expect(JSON.stringify(res.body)).not.toMatch(/"(files|staging)\//);

    // Each path is the buyer's own download of that file.
    const download = await call('GET', line.file_paths[line.file_paths.length - 1], { headers: buyer.auth });
    expect([302, 303, 307]).toContain(download.status);
  });
});
