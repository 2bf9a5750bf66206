// Issue #17 §4 over HTTP against the built shop (Decision 68): a file replaced
// by a new version reaches earlier buyers, "Email buyers about this update"
// mails them once through the shop's own worker to the run's SMTP catcher,
// and every answer is read through its lib/contract schema.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminProductResponse, productResponse } from '@/lib/contract/catalog';
import { checkoutSessionResponse } from '@/lib/contract/checkout';
import { fileHistoryResponse, fileVersionResponse, updateEmailsResponse } from '@/lib/contract/file-versions';
import { customerOrdersResponse } from '@/lib/contract/orders';
import { individualUploadResponse } from '@/lib/contract/uploads';
import { voucherCreateResponse } from '@/lib/contract/vouchers';
import { adminToken, call, clearRateLimits, closeDb, registerCustomer, unique, type Customer } from '../security/helpers';
import { expectError, expectShape } from './helpers';

let admin: Record<string, string>;
const tag = unique();

async function createProduct(title: string, files: { name: string; text: string }[]): Promise<string> {
  const body = new FormData();
  body.append('title', title);
  body.append('price', '9.50');
  body.append('category', 'Clip Art');
  const mockup = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 90, g: 120, b: 30 } } })
    .png()
    .toBuffer();
  body.append('mockup', new Blob([new Uint8Array(mockup)], { type: 'image/png' }), 'mockup.png');
  for (const f of files) body.append('files', new Blob([f.text], { type: 'text/plain' }), f.name);
  const res = await call('POST', '/api/admin/individual-upload', { headers: admin, body });
  expect(res.status, res.text).toBe(201);
  return expectShape(individualUploadResponse, res.body).product_id;
}

async function fileIds(id: string): Promise<string[]> {
  const res = await call('GET', `/api/admin/products?search=${encodeURIComponent(tag)}&limit=50`, { headers: admin });
  return expectShape(z.array(adminProductResponse), res.body).find((p) => p.id === id)?.file_ids ?? [];
}

/** A paid ($0 through a 100 % voucher) order; its session id. */
async function buy(customer: Customer, productIds: string[]): Promise<string> {
  const voucher = await call('POST', '/api/admin/vouchers/create', {
    headers: admin,
    json: { customer_email: customer.email, type: 'percentage', value: 100, usage_type: 'one_time' },
  });
  const code = expectShape(voucherCreateResponse, voucher.body).code;
  const res = await call('POST', `/api/checkout/session?discount_code=${code}`, {
    headers: customer.auth,
    json: productIds.map((product_id) => ({ product_id })),
  });
  expect(res.status, res.text).toBe(200);
  return expectShape(checkoutSessionResponse, res.body).session_id;
}

function newVersion(productId: string, fileId: string, name: string, text: string, headers = admin) {
  const body = new FormData();
  body.append('file', new Blob([text], { type: 'text/plain' }), name);
  return call('POST', `/api/products/${productId}/files/${fileId}/versions`, { headers, body });
}

async function download(customer: Customer, path: string) {
  const res = await call('GET', path, { headers: customer.auth });
  if (res.status !== 302) return { status: res.status, text: res.text };
  return { status: 200, text: await (await fetch(res.headers.get('location') as string)).text() };
}

async function updateMails(address: string, expected: number) {
  const dir = process.env.MAIL_DIR as string;
  const read = () =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((n) => n.endsWith('.json'))
          .map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as { to: string[]; subject: string; text: string })
          .filter((m) => m.to.includes(address) && m.subject.startsWith('Updated file:'))
      : [];
  for (let waited = 0; waited < 15_000 && read().length < expected; waited += 250) await new Promise((r) => setTimeout(r, 250));
  return read();
}

let productId: string;
let ids: string[];
let buyer: Customer;
let sessionId: string;

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  await clearRateLimits('checkout', 'register', 'download');
  productId = await createProduct(`Versioned ${tag}`, [
    { name: 'guide.txt', text: 'guide v1' },
    { name: 'extra.txt', text: 'extra' },
  ]);
  ids = await fileIds(productId);
  buyer = await registerCustomer('versions');
  sessionId = await buy(buyer, [productId]);
});

afterAll(async () => {
  await clearRateLimits('checkout', 'register', 'download');
  await closeDb();
});

describe('POST /api/products/{id}/files/{fileId}/versions', () => {
  it('answers 201 with the new version, which takes the slot on public and customer views', async () => {
    const res = await newVersion(productId, ids[0], 'guide-2.txt', 'guide v2');
    expect(res.status, res.text).toBe(201);
    const created = expectShape(fileVersionResponse, res.body);
    expect(created).toMatchObject({ filename: 'guide-2.txt', version: 2 });
    expect(await fileIds(productId)).toEqual([created.id, ids[1]]);
    expect(expectShape(productResponse, (await call('GET', `/api/products/${productId}`)).body).original_filenames).toEqual(['guide-2.txt', 'extra.txt']);

    const orders = expectShape(customerOrdersResponse, (await call('GET', `/api/orders/${buyer.id}`, { headers: buyer.auth })).body).orders;
    const line = orders.find((o) => o.session_id === sessionId)?.products[0];
    expect(line?.files[0]).toMatchObject({ index: 0, id: created.id, version: 2, earlier_versions: [{ id: ids[0], filename: 'guide.txt', version: 1 }] });
    expect(line?.files[0].updated_at).toBe(created.created_at);
    expect(await download(buyer, `/api/download/${sessionId}/${productId}?file_index=0`)).toEqual({ status: 200, text: 'guide v2' });
    expect(await download(buyer, line?.files[0].earlier_versions[0].file_path as string)).toEqual({ status: 200, text: 'guide v1' });
  });

  it('answers 400 without a file, 404 for an unknown file, 409 for a superseded one, 401 without an admin', async () => {
    const empty = new FormData();
    empty.append('note', 'no file');
    expectError(await call('POST', `/api/products/${productId}/files/${ids[1]}/versions`, { headers: admin, body: empty }), 400, 'invalid_request');
    expectError(await newVersion(productId, 'zzunknown0', 'a.txt', 'a'), 404, 'not_found');
    expectError(await newVersion(productId, 'bad-id!', 'a.txt', 'a'), 400, 'invalid_request');
    expectError(await newVersion(productId, ids[0], 'again.txt', 'again'), 409, 'conflict');
    expectError(await newVersion(productId, ids[1], 'x.txt', 'x', buyer.auth), 401, 'unauthorized');
  });
});

describe('POST /api/products/{id}/files/{fileId}/notify', () => {
  it('queues one email per buyer (202), sends it once, and a second press is 409', async () => {
    const [current] = await fileIds(productId);
    const res = await call('POST', `/api/products/${productId}/files/${current}/notify`, { headers: admin });
    expect(res.status, res.text).toBe(202);
    expect(expectShape(updateEmailsResponse, res.body)).toEqual({ queued: 1 });
    const mails = await updateMails(buyer.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('guide-2.txt');

    expectError(await call('POST', `/api/products/${productId}/files/${current}/notify`, { headers: admin }), 409, 'conflict');
    // Time for a wrongly queued second job to have run.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await updateMails(buyer.email, 1)).toHaveLength(1);

    const history = expectShape(fileHistoryResponse, (await call('GET', `/api/products/${productId}/file-history`, { headers: admin })).body);
    expect(history.files[0]).toMatchObject({ id: current, update_emails: [{ recipients: 1, sent: 1 }] });
  });

  it('answers 409 for a file never updated, 404 for an unknown product, 401 without an admin', async () => {
    expectError(await call('POST', `/api/products/${productId}/files/${ids[1]}/notify`, { headers: admin }), 409, 'conflict');
    expectError(await call('POST', `/api/products/zzunknown0/files/${ids[1]}/notify`, { headers: admin }), 404, 'not_found');
    expectError(await call('POST', `/api/products/${productId}/files/${ids[1]}/notify`, { headers: buyer.auth }), 401, 'unauthorized');
    expectError(await call('GET', `/api/products/zzunknown0/file-history`, { headers: admin }), 404, 'not_found');
  });
});
