// Discount codes over HTTP (Decision 090): the back office's routes and their
// contract, validate-discount's refusals each naming its rule, checkout taking
// the discount, and the uses, revenue and discount given shown once paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categoryResponse, productResponse, type ProductResponse } from '@/lib/contract/catalog';
import { checkoutSessionResponse } from '@/lib/contract/checkout';
import { discountCodeDeleteResponse, discountCodeResponse, type DiscountCodeResponse } from '@/lib/contract/discounts';
import { discountValidationResponse } from '@/lib/contract/vouchers';
import { adminToken, call, clearRateLimits, closeDb, registerCustomer, unique } from '../security/helpers';
import { expectError, expectShape } from './helpers';

let admin: Record<string, string>;
let plain: ProductResponse;
let other: ProductResponse;
const HOUR = 3_600_000;

async function create(body: Record<string, unknown>): Promise<DiscountCodeResponse> {
  const res = await call('POST', '/api/admin/discounts', { headers: admin, json: body });
  expect(res.status, res.text).toBe(201);
  return expectShape(discountCodeResponse, res.body);
}

async function validate(code: string, options: { subtotal?: number; items?: string[]; auth?: Record<string, string> } = {}) {
  const query = `code=${encodeURIComponent(code)}${options.subtotal === undefined ? '' : `&subtotal=${options.subtotal}`}`;
  const json = options.items ? { items: options.items.map((product_id) => ({ product_id })) } : undefined;
  const res = await call('POST', `/api/validate-discount?${query}`, { headers: options.auth, json });
  expect(res.status, res.text).toBe(200);
  return expectShape(discountValidationResponse, res.body);
}

async function checkout(code: string, productId: string, auth?: Record<string, string>) {
  return call('POST', `/api/checkout/session?discount_code=${encodeURIComponent(code)}`, { headers: auth, json: [{ product_id: productId }] });
}

async function listed(code: string): Promise<DiscountCodeResponse> {
  const res = await call('GET', `/api/admin/discounts?search=${code}`, { headers: admin });
  expect(res.status).toBe(200);
  const [row] = expectShape(z.array(discountCodeResponse), res.body);
  expect(row.code).toBe(code);
  return row;
}

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  const products = expectShape(z.array(productResponse), (await call('GET', '/api/products')).body).filter((p) => !p.on_sale && p.price >= 5);
  // Two items of different categories, so a category code can be seen to skip one.
  plain = products.find((p) => p.category) as ProductResponse;
  other = products.find((p) => p.category && p.category !== plain.category) as ProductResponse;
  expect(plain && other, 'the demo catalogue has full-price items in two categories').toBeTruthy();
  await clearRateLimits('discount', 'checkout');
});

afterAll(async () => {
  await clearRateLimits('discount', 'checkout', 'register');
  await closeDb();
});

describe('the back office routes', () => {
  it('refuses a caller who is not the admin', async () => {
    expectError(await call('GET', '/api/admin/discounts'), 401, 'unauthorized');
    expectError(await call('POST', '/api/admin/discounts', { json: { type: 'percentage', value: 10 } }), 401, 'unauthorized');
  });

  it('upper-cases a chosen code, generates one when none is given, and refuses a code that exists', async () => {
    const chosen = `spring-${unique()}`;
    const made = await create({ code: chosen, type: 'percentage', value: 12.5, description: 'Spring launch' });
    expect(made).toMatchObject({
      code: chosen.toUpperCase(),
      value: 12.5,
      applies_to: 'cart',
      status: 'active',
      uses: 0,
      orders: 0,
      revenue: 0,
      discount_given: 0,
      deletable: true,
    });
    const generated = await create({ type: 'fixed_amount', value: 5 });
    expect(generated.code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)+$/);
    expectError(await call('POST', '/api/admin/discounts', { headers: admin, json: { code: chosen, type: 'percentage', value: 5 } }), 409, 'conflict');
  });

  it('answers 400 naming the field for a rule that makes no sense', async () => {
    const post = (json: unknown) => call('POST', '/api/admin/discounts', { headers: admin, json });
    expect(expectError(await post({ type: 'percentage', value: 120 }), 400, 'invalid_request').fields).toHaveProperty('value');
    const backwards = { type: 'percentage', value: 10, starts_at: new Date(Date.now() + 2 * HOUR).toISOString(), ends_at: new Date().toISOString() };
    expect(expectError(await post(backwards), 400, 'invalid_request').fields).toHaveProperty('ends_at');
    expect(expectError(await post({ type: 'percentage', value: 10, applies_to: 'categories' }), 400, 'invalid_request').fields).toHaveProperty('category_ids');
    expect(
      expectError(await post({ type: 'percentage', value: 10, applies_to: 'products', product_ids: ['nope'] }), 400, 'invalid_request').fields,
    ).toHaveProperty('product_ids');
    expectError(await post({ type: 'percentage', value: 10, code: 'x y' }), 400, 'invalid_request');
  });

  it('lists codes with a total, disables and enables one, and 404s an unknown id', async () => {
    const made = await create({ code: `LIST-${unique()}`, type: 'percentage', value: 10 });
    const page = await call('GET', '/api/admin/discounts?limit=1', { headers: admin });
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    expect(expectShape(z.array(discountCodeResponse), page.body)).toHaveLength(1);

    const off = await call('PUT', `/api/admin/discounts/${made.id}`, { headers: admin, json: { enabled: false } });
    expect(expectShape(discountCodeResponse, off.body)).toMatchObject({ enabled: false, status: 'disabled', value: 10 });
    expect(await validate(made.code)).toMatchObject({ valid: false, message: 'This discount code has been disabled' });
    await call('PUT', `/api/admin/discounts/${made.id}`, { headers: admin, json: { enabled: true } });
    expect((await listed(made.code)).status).toBe('active');
    expectError(await call('PUT', '/api/admin/discounts/nosuchcode1', { headers: admin, json: { enabled: false } }), 404, 'not_found');
    expectError(await call('DELETE', '/api/admin/discounts/nosuchcode1', { headers: admin }), 404, 'not_found');
  });
});

describe('each rule refuses with its own message', () => {
  it('not started, expired, minimum not met', async () => {
    const later = await create({ code: `LATER-${unique()}`, type: 'percentage', value: 10, starts_at: new Date(Date.now() + HOUR).toISOString() });
    expect(later.status).toBe('scheduled');
    expect(await validate(later.code)).toMatchObject({ valid: false, message: 'This discount code is not active yet' });
    const over = await create({ code: `OVER-${unique()}`, type: 'percentage', value: 10, ends_at: new Date(Date.now() - HOUR).toISOString() });
    expect(await validate(over.code)).toMatchObject({ valid: false, message: 'This discount code has expired' });
    const big = await create({ code: `BIG-${unique()}`, type: 'percentage', value: 10, min_subtotal: 100 });
    expect(await validate(big.code, { subtotal: 99.99 })).toMatchObject({
      valid: false,
      message: 'This discount code needs a subtotal of at least 100.00 AUD',
    });
    expect(await validate(big.code, { subtotal: 100 })).toMatchObject({
      valid: true,
      discount: 10,
      value: 90,
      description: '10% off (not items already on sale)',
    });
    const refused = await checkout(big.code, plain.id);
    expect(expectError(refused, 400, 'invalid_request').detail).toBe('This discount code needs a subtotal of at least 100.00 AUD');
  });

  it('nothing in the cart it applies to, and a category code on its category only', async () => {
    const onlyOther = await create({ code: `ONLY-${unique()}`, type: 'fixed_amount', value: 2, applies_to: 'products', product_ids: [other.id] });
    expect(onlyOther.products).toEqual([{ id: other.id, title: other.title, is_bundle: false }]);
    expect(await validate(onlyOther.code, { items: [plain.id] })).toMatchObject({
      valid: false,
      message: 'This discount code does not apply to anything in your cart',
    });
    expect(expectError(await checkout(onlyOther.code, plain.id), 400, 'invalid_request').detail).toBe(
      'This discount code does not apply to anything in your cart',
    );
    expect(await validate(onlyOther.code, { items: [plain.id, other.id] })).toMatchObject({ valid: true, discount: 2 });

    const categories = expectShape(z.array(categoryResponse), (await call('GET', '/api/categories')).body);
    const category = categories.find((c) => c.name === plain.category);
    expect(category).toBeTruthy();
    const byCategory = await create({ code: `CAT-${unique()}`, type: 'percentage', value: 50, applies_to: 'categories', category_ids: [category!.id] });
    const result = await validate(byCategory.code, { items: [plain.id, other.id] });
    const half = Math.round(plain.price * 50) / 100;
    expect(result).toMatchObject({ valid: true, discount: half, value: Math.round((plain.price + other.price - half) * 100) / 100 });
  });

  it('used up, and new customers only', async () => {
    const once = await create({ code: `ONCE-${unique()}`, type: 'fixed_amount', value: 1, max_uses: 1 });
    expect((await checkout(once.code, plain.id)).status).toBe(200);
    expect(await validate(once.code)).toMatchObject({ valid: false, message: 'This discount code has been used up' });
    expectError(await checkout(once.code, plain.id), 409, 'conflict');
    expect((await listed(once.code)).status).toBe('used_up');

    const fresh = await create({ code: `FRESH-${unique()}`, type: 'percentage', value: 10, new_customers_only: true });
    expect(await validate(fresh.code)).toMatchObject({ valid: true, needs_email: true });
    const buyer = await registerCustomer('discounts');
    expect(await validate(fresh.code, { auth: buyer.auth })).toMatchObject({ valid: true });
    const paid = expectShape(
      checkoutSessionResponse,
      (await call('POST', '/api/checkout/session', { headers: buyer.auth, json: [{ product_id: other.id }] })).body,
    );
    expect((await call('POST', `/api/checkout/test/${paid.session_id}/complete`, { headers: buyer.auth, json: {} })).status).toBe(200);
    expect(await validate(fresh.code, { auth: buyer.auth })).toMatchObject({ valid: false, message: 'This discount code is for new customers only' });
  });

  it('keeps the spec’s answer for a plain call with no body', async () => {
    const plainCall = await create({ code: `PLAIN-${unique()}`, type: 'fixed_amount', value: 4 });
    const result = await validate(plainCall.code);
    expect(Object.keys(result).sort()).toEqual(['code', 'description', 'discount', 'message', 'valid', 'value']);
    expect(await validate(`NOPE-${unique()}`)).toMatchObject({ valid: false, message: 'Invalid discount code' });
  });
});

describe('uses, revenue and discount given', () => {
  it('counts a paid order, and keeps a used code disabled when deleted', async () => {
    const code = await create({ code: `PAID-${unique()}`, type: 'fixed_amount', value: 3 });
    const opened = await checkout(code.code, plain.id);
    const session = expectShape(checkoutSessionResponse, opened.body);
    expect((await call('POST', `/api/checkout/test/${session.session_id}/complete`, { json: { email: `paid-${unique()}@example.com` } })).status).toBe(200);
    expect(await listed(code.code)).toMatchObject({
      uses: 1,
      orders: 1,
      revenue: Math.round((plain.price - 3) * 100) / 100,
      discount_given: 3,
      deletable: false,
    });

    const kept = await call('DELETE', `/api/admin/discounts/${code.id}`, { headers: admin });
    expect(expectShape(discountCodeDeleteResponse, kept.body)).toEqual({
      success: true,
      deleted: false,
      message: `Discount code ${code.code} has been used, so it was kept and disabled`,
    });
    expect(await listed(code.code)).toMatchObject({ enabled: false, status: 'disabled', orders: 1 });
    const renamed = await call('PUT', `/api/admin/discounts/${code.id}`, { headers: admin, json: { code: `NEW-${unique()}` } });
    expectError(renamed, 409, 'conflict');

    const unused = await create({ type: 'percentage', value: 5 });
    const gone = await call('DELETE', `/api/admin/discounts/${unused.id}`, { headers: admin });
    expect(expectShape(discountCodeDeleteResponse, gone.body)).toMatchObject({ deleted: true });
    expect((await call('GET', `/api/admin/discounts?search=${unused.code}`, { headers: admin })).body).toEqual([]);
  });
});
