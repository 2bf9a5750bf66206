import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminLoginResponse } from '@/lib/contract/admin';
import {
  adminProductResponse,
  bannerResponse,
  bannerWriteResponse,
  catalogItemWriteResponse,
  categoryResponse,
  categoryWriteResponse,
  filesAddedResponse,
  productResponse,
  subcategoriesResponse,
  tagResponse,
  tagWriteResponse,
  type ProductResponse,
} from '@/lib/contract/catalog';
import { successResponse } from '@/lib/contract/common';
import { promoCodeCreateResponse, promoCodeResponse } from '@/lib/contract/membership';
import { adminOrdersResponse } from '@/lib/contract/orders';
import { activeSaleResponse, bulkSaleResponse, endSalesResponse } from '@/lib/contract/sales';
import { voucherCreateResponse, voucherResponse } from '@/lib/contract/vouchers';
import { expectError, expectShape, get, listProducts, SHOP_URL } from './helpers';

let auth: Record<string, string>;
const unique = `${Date.now().toString(36)}`;

async function send(method: string, path: string, body?: unknown, form = false) {
  const headers: Record<string, string> = { ...auth };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (form) payload = new URLSearchParams(body as Record<string, string>);
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${SHOP_URL}${path}`, { method, headers, body: payload });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

const expectInvalid = (res: { status: number; body: unknown }, detail?: RegExp) => {
  const error = expectError(res, 400, 'invalid_request');
  if (detail) expect(error.detail).toMatch(detail);
};

/** A 2xx answer read through its contract schema. */
const ok = <S extends z.ZodType>(schema: S, res: { status: number; body: unknown }, status = 200): z.infer<S> => {
  expect(res.status).toBe(status);
  return expectShape(schema, res.body);
};

beforeAll(async () => {
  const res = await fetch(`${SHOP_URL}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin' }) });
  auth = { authorization: `Bearer ${expectShape(adminLoginResponse, await res.json()).token}` };
});

describe('categories and subcategories', () => {
  it('creates, renames, edits subcategories and deletes a category', async () => {
    const name = `Test Cat ${unique}`;
    const { id } = ok(categoryWriteResponse, await send('POST', '/api/categories', { name, subcategories: [] }), 201);
    expectError(await send('POST', '/api/categories', { name, subcategories: [] }), 409, 'conflict');
    expectInvalid(await send('POST', '/api/categories', { name: '   ', subcategories: [] }));

    const sub = ok(subcategoriesResponse, await send('POST', `/api/categories/${id}/subcategories`, { subcategory_name: 'Posters' }, true));
    expect(sub).toMatchObject({ success: true, subcategories: ['Posters'] });
    const renamed = ok(categoryWriteResponse, await send('PUT', `/api/categories/${id}`, { name: `${name} 2`, subcategories: ['Posters', ' Cards ', ''] }));
    expect(renamed).toMatchObject({ name: `${name} 2`, subcategories: ['Posters', 'Cards'] });
    expect(ok(subcategoriesResponse, await send('DELETE', `/api/categories/${id}/subcategories/Cards`))).toMatchObject({ subcategories: ['Posters'] });
    ok(subcategoriesResponse, await send('POST', `/api/categories/${id}/subcategories`, { subcategory_name: '100% Cotton' }, true));
    expect(ok(subcategoriesResponse, await send('DELETE', `/api/categories/${id}/subcategories/${encodeURIComponent('100% Cotton')}`))).toMatchObject({
      subcategories: ['Posters'],
    });
    expectError(await send('DELETE', `/api/categories/${id}/subcategories/Nope`), 404, 'not_found');

    const listed = ok(z.array(categoryResponse), await get('/api/categories'));
    expect(listed.find((c) => c.id === id)?.name).toBe(`${name} 2`);
    ok(successResponse, await send('DELETE', `/api/categories/${id}`));
    expectError(await send('DELETE', `/api/categories/${id}`), 404, 'not_found');
  });
});

describe('tags and banner', () => {
  it('adds and deletes a tag', async () => {
    const created = ok(tagWriteResponse, await send('POST', '/api/tags', { name: `Tag-${unique}` }), 201);
    expect(created.name).toBe(`tag-${unique}`);
    expectInvalid(await send('POST', '/api/tags', { name: '' }));
    ok(successResponse, await send('DELETE', `/api/tags/${created.id}`));
    expect(ok(z.array(tagResponse), await get('/api/tags')).some((t) => t.name === `tag-${unique}`)).toBe(false);
  });

  it('saves the banner upper-case and restores it', async () => {
    const before = ok(bannerResponse, await get('/api/settings/banner')).message;
    const saved = ok(bannerWriteResponse, await send('POST', '/api/settings/banner', { message: 'hello shoppers  second item' }, true));
    expect(saved).toMatchObject({ message: 'HELLO SHOPPERS  SECOND ITEM' });
    expect(ok(bannerResponse, await get('/api/settings/banner')).message).toBe('HELLO SHOPPERS  SECOND ITEM');
    expectInvalid(await send('POST', '/api/settings/banner', { message: '  ' }, true));
    ok(bannerWriteResponse, await send('POST', '/api/settings/banner', { message: before }, true));
  });
});

describe('product edits', () => {
  let product: ProductResponse;
  beforeAll(async () => {
    product = (await listProducts('?limit=30')).find((p) => !p.on_sale)!;
  });

  it('edits only the allowed fields and the storefront sees it', async () => {
    const res = ok(
      catalogItemWriteResponse,
      await send('PUT', `/api/products/${product.id}`, {
        price: 19.99,
        sale_price: 9.99,
        on_sale: true,
        is_bundle: true,
        id: 'hijack',
        deletedAt: '2020-01-01',
      }),
    );
    expect(res).toMatchObject({ success: true, id: product.id });
    const after = ok(productResponse, await get(`/api/products/${product.id}`));
    expect(after).toMatchObject({ id: product.id, price: 19.99, sale_price: 9.99, on_sale: true, is_bundle: false });
    ok(catalogItemWriteResponse, await send('PUT', `/api/products/${product.id}`, { price: product.price, sale_price: null, on_sale: false, sale_end: null }));
    const restored = ok(productResponse, await get(`/api/products/${product.id}`));
    // null clears: it must not be read as a $0 sale price.
    expect(restored).toMatchObject({ price: product.price, sale_price: null, on_sale: false });
  });

  it('refuses bad prices, an unknown category, and a sale price not below the price', async () => {
    expectInvalid(await send('PUT', `/api/products/${product.id}`, { price: 'abc' }));
    expectInvalid(await send('PUT', `/api/products/${product.id}`, { price: -1 }));
    expectInvalid(await send('PUT', `/api/products/${product.id}`, { sale_price: product.price + 1, on_sale: true }), /below the regular price/);
    expectInvalid(await send('PUT', `/api/products/${product.id}`, { category: 'No Such Category' }), /Unknown category/);
    expectError(await send('PUT', '/api/products/doesnotexist1', { price: 1 }), 404, 'not_found');
    expectError(await send('PUT', `/api/bundles/${product.id}`, { price: 1 }), 404, 'not_found');
  });

  it('adds a file and removes only files of that product', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'application/pdf' }), 'extra guide.pdf');
    const added = ok(filesAddedResponse, await send('POST', `/api/products/${product.id}/files`, form));
    expect(added).toMatchObject({ success: true, added_count: 1 });
    expectInvalid(await send('POST', `/api/products/${product.id}/files`, new FormData()), /select files/);

    const adminView = ok(z.array(adminProductResponse), await send('GET', '/api/admin/products?limit=500'));
    const mine = adminView.find((p) => p.id === product.id)!;
    const other = adminView.find((p) => p.id !== product.id && p.file_paths.length > 0)!;
    const index = mine.original_filenames.indexOf('extra guide.pdf');
    expect(index).toBeGreaterThanOrEqual(0);
    expectError(await send('DELETE', `/api/products/${product.id}/files?file_path=${encodeURIComponent(other.file_paths[0])}`), 404, 'not_found');
    ok(successResponse, await send('DELETE', `/api/products/${product.id}/files?file_path=${encodeURIComponent(mine.file_paths[index])}`));
  });
});

describe('vouchers', () => {
  it('requires the fields and creates a readable, unguessable code', async () => {
    expectInvalid(await send('POST', '/api/admin/vouchers/create', { type: 'percentage', value: 10 }), /Please fill in all required fields/);
    expectInvalid(await send('POST', '/api/admin/vouchers/create', { customer_email: 'a@example.com', type: 'percentage', value: 150 }));
    const created = ok(
      voucherCreateResponse,
      await send('POST', '/api/admin/vouchers/create', {
        customer_email: `v-${unique}@example.com`,
        type: 'fixed_amount',
        value: 25,
        usage_type: 'reusable',
        notes: 'birthday',
      }),
      201,
    );
    expect(created.code).toMatch(/^[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}$/);
    expect(created.voucher).toMatchObject({
      type: 'fixed_amount',
      value: 25,
      usage_type: 'reusable',
      original_balance: 25,
      current_balance: 25,
      status: 'active',
    });
    const list = ok(z.array(voucherResponse), await send('GET', '/api/admin/vouchers'));
    expect(list.some((v) => v.code === created.code)).toBe(true);
  });
});

describe('sales', () => {
  it('validates a bulk sale', async () => {
    const now = Date.now();
    const base = {
      target_type: 'store',
      sale_price_type: 'percentage',
      sale_start: new Date(now).toISOString(),
      sale_end: new Date(now + 86_400_000).toISOString(),
    };
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...base, sale_value: 0 }));
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...base, sale_value: 100 }));
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...base, sale_value: 20, sale_end: new Date(now - 1000).toISOString() }), /after its start/);
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...base, target_type: 'category', sale_value: 20 }));
  });

  it('puts a selection on sale, lists it, and ends it', async () => {
    const [a, b] = (await listProducts('?limit=30')).filter((p) => !p.on_sale);
    const window = { sale_start: new Date(Date.now() - 1000).toISOString(), sale_end: new Date(Date.now() + 3 * 86_400_000).toISOString() };
    expectInvalid(
      await send('POST', '/api/admin/bulk-sale', { ...window, target_type: 'products', sale_price_type: 'fixed', sale_value: a.price, product_ids: [a.id] }),
      /below the regular price/,
    );
    const applied = ok(
      bulkSaleResponse,
      await send('POST', '/api/admin/bulk-sale', {
        ...window,
        target_type: 'products',
        sale_price_type: 'percentage',
        sale_value: 25,
        product_ids: [a.id, b.id],
      }),
    );
    expect(applied).toMatchObject({ success: true, updated_count: 2, skipped_count: 0 });
    const active = ok(z.array(activeSaleResponse), await send('GET', '/api/admin/active-sales'));
    expect(active.find((s) => s.id === a.id)).toMatchObject({ discount_percentage: 25, sale_price: Math.round(a.price * 75) / 100, original_price: a.price });
    expect(ok(productResponse, await get(`/api/products/${a.id}`)).on_sale).toBe(true);
    expect(ok(endSalesResponse, await send('POST', '/api/admin/end-sale', [a.id, b.id]))).toMatchObject({ ended_count: 2 });
    expect(ok(productResponse, await get(`/api/products/${a.id}`)).on_sale).toBe(false);
  });
});

describe('orders', () => {
  it('lists orders in the documented shape and validates filters', async () => {
    // Every order, each product and email log entry, in the contract's shape.
    ok(adminOrdersResponse, await send('GET', '/api/admin/orders?status=all'));
    expectInvalid(await send('GET', '/api/admin/orders?start_date=yesterday'));
    expectInvalid(await send('GET', '/api/admin/orders?status=weird'));
  });

  it('resends only for a paid order, and needs an email', async () => {
    expectError(await send('POST', '/api/admin/orders/resend-email', { session_id: 'cs_test_nope_nope_nope', email: 'a@example.com' }, true), 404, 'not_found');
    expectInvalid(await send('POST', '/api/admin/orders/resend-email', { session_id: 'cs_test_x', email: '' }, true));
  });
});

describe('membership promo codes', () => {
  it('creates a code the membership checkout accepts, and retires it', async () => {
    const code = `PROMO-${unique}`.toUpperCase();
    expectInvalid(await send('POST', '/api/admin/promo-codes', { code, percent_off: 0 }));
    expect(ok(promoCodeCreateResponse, await send('POST', '/api/admin/promo-codes', { code, percent_off: 25, description: 'launch' }), 201).code).toBe(code);
    expectError(await send('POST', '/api/admin/promo-codes', { code, percent_off: 25 }), 409, 'conflict');
    const listed = ok(z.array(promoCodeResponse), await send('GET', '/api/admin/promo-codes'));
    expect(listed.find((c) => c.code === code)).toMatchObject({ percent_off: 25, active: true, description: 'launch' });
    ok(successResponse, await send('DELETE', `/api/admin/promo-codes/${code}`));
    expectError(await send('DELETE', `/api/admin/promo-codes/${code}`), 404, 'not_found');
  });
});
