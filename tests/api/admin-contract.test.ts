import { beforeAll, describe, expect, it } from 'vitest';
import { get, listProducts, SHOP_URL, type ApiProduct } from './helpers';

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
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> & unknown[] };
}

const expectInvalid = (res: { status: number; body: unknown }, detail?: RegExp) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 'invalid_request', detail: expect.any(String) });
  if (detail) expect((res.body as { detail: string }).detail).toMatch(detail);
};

beforeAll(async () => {
  const res = await fetch(`${SHOP_URL}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin' }) });
  auth = { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
});

describe('categories and subcategories', () => {
  it('creates, renames, edits subcategories and deletes a category', async () => {
    const name = `Test Cat ${unique}`;
    const created = await send('POST', '/api/categories', { name, subcategories: [] });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await send('POST', '/api/categories', { name, subcategories: [] })).status).toBe(409);
    expectInvalid(await send('POST', '/api/categories', { name: '   ', subcategories: [] }));

    const sub = await send('POST', `/api/categories/${id}/subcategories`, { subcategory_name: 'Posters' }, true);
    expect(sub.body).toMatchObject({ success: true, subcategories: ['Posters'] });
    const renamed = await send('PUT', `/api/categories/${id}`, { name: `${name} 2`, subcategories: ['Posters', ' Cards ', ''] });
    expect(renamed.body).toMatchObject({ name: `${name} 2`, subcategories: ['Posters', 'Cards'] });
    expect((await send('DELETE', `/api/categories/${id}/subcategories/Cards`)).body).toMatchObject({ subcategories: ['Posters'] });
    await send('POST', `/api/categories/${id}/subcategories`, { subcategory_name: '100% Cotton' }, true);
    expect((await send('DELETE', `/api/categories/${id}/subcategories/${encodeURIComponent('100% Cotton')}`)).body).toMatchObject({ subcategories: ['Posters'] });
    expect((await send('DELETE', `/api/categories/${id}/subcategories/Nope`)).status).toBe(404);

    const listed = (await get('/api/categories')).body as { id: string; name: string }[];
    expect(listed.find((c) => c.id === id)?.name).toBe(`${name} 2`);
    expect((await send('DELETE', `/api/categories/${id}`)).status).toBe(200);
    expect((await send('DELETE', `/api/categories/${id}`)).status).toBe(404);
  });
});

describe('tags and banner', () => {
  it('adds and deletes a tag', async () => {
    const created = await send('POST', '/api/tags', { name: `Tag-${unique}` });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(`tag-${unique}`);
    expectInvalid(await send('POST', '/api/tags', { name: '' }));
    expect((await send('DELETE', `/api/tags/${created.body.id}`)).status).toBe(200);
    expect(((await get('/api/tags')).body as { name: string }[]).some((t) => t.name === `tag-${unique}`)).toBe(false);
  });

  it('saves the banner upper-case and restores it', async () => {
    const before = ((await get('/api/settings/banner')).body as { message: string }).message;
    const saved = await send('POST', '/api/settings/banner', { message: 'hello shoppers  second item' }, true);
    expect(saved.body).toMatchObject({ message: 'HELLO SHOPPERS  SECOND ITEM' });
    expect(((await get('/api/settings/banner')).body as { message: string }).message).toBe('HELLO SHOPPERS  SECOND ITEM');
    expectInvalid(await send('POST', '/api/settings/banner', { message: '  ' }, true));
    await send('POST', '/api/settings/banner', { message: before }, true);
  });
});

describe('product edits', () => {
  let product: ApiProduct;
  beforeAll(async () => {
    product = (await listProducts('?limit=30')).find((p) => !p.on_sale)!;
  });

  it('edits only the allowed fields and the storefront sees it', async () => {
    const res = await send('PUT', `/api/products/${product.id}`, { price: 19.99, sale_price: 9.99, on_sale: true, is_bundle: true, id: 'hijack', deletedAt: '2020-01-01' });
    expect(res.body).toMatchObject({ success: true, id: product.id });
    const after = (await get(`/api/products/${product.id}`)).body as ApiProduct;
    expect(after).toMatchObject({ id: product.id, price: 19.99, sale_price: 9.99, on_sale: true, is_bundle: false });
    await send('PUT', `/api/products/${product.id}`, { price: product.price, sale_price: null, on_sale: false, sale_end: null });
    const restored = (await get(`/api/products/${product.id}`)).body as ApiProduct;
    // null clears: it must not be read as a $0 sale price.
    expect(restored).toMatchObject({ price: product.price, sale_price: null, on_sale: false });
  });

  it('refuses bad prices, an unknown category, and a sale price not below the price', async () => {
    expectInvalid(await send('PUT', `/api/products/${product.id}`, { price: 'abc' }));
    expectInvalid(await send('PUT', `/api/products/${product.id}`, { price: -1 }));
    expectInvalid(await send('PUT', `/api/products/${product.id}`, { sale_price: product.price + 1, on_sale: true }), /below the regular price/);
    expectInvalid(await send('PUT', `/api/products/${product.id}`, { category: 'No Such Category' }), /Unknown category/);
    expect((await send('PUT', '/api/products/doesnotexist1', { price: 1 })).status).toBe(404);
    expect((await send('PUT', `/api/bundles/${product.id}`, { price: 1 })).status).toBe(404);
  });

  it('adds a file and removes only files of that product', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'application/pdf' }), 'extra guide.pdf');
    const added = await send('POST', `/api/products/${product.id}/files`, form);
    expect(added.body).toMatchObject({ success: true, added_count: 1 });
    expectInvalid(await send('POST', `/api/products/${product.id}/files`, new FormData()), /select files/);

    const adminView = (await send('GET', '/api/admin/products?limit=500')).body as unknown as { id: string; file_paths: string[]; original_filenames: string[] }[];
    const mine = adminView.find((p) => p.id === product.id)!;
    const other = adminView.find((p) => p.id !== product.id && p.file_paths.length > 0)!;
    const index = mine.original_filenames.indexOf('extra guide.pdf');
    expect(index).toBeGreaterThanOrEqual(0);
    expect((await send('DELETE', `/api/products/${product.id}/files?file_path=${encodeURIComponent(other.file_paths[0])}`)).status).toBe(404);
    expect((await send('DELETE', `/api/products/${product.id}/files?file_path=${encodeURIComponent(mine.file_paths[index])}`)).status).toBe(200);
  });
});

describe('vouchers', () => {
  it('requires the fields and creates a readable, unguessable code', async () => {
    expectInvalid(await send('POST', '/api/admin/vouchers/create', { type: 'percentage', value: 10 }), /Please fill in all required fields/);
    expectInvalid(await send('POST', '/api/admin/vouchers/create', { customer_email: 'a@example.com', type: 'percentage', value: 150 }));
    const created = await send('POST', '/api/admin/vouchers/create', { customer_email: `v-${unique}@example.com`, type: 'fixed_amount', value: 25, usage_type: 'reusable', notes: 'birthday' });
    expect(created.status).toBe(201);
    expect(created.body.code).toMatch(/^[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}$/);
    expect(created.body.voucher).toMatchObject({ type: 'fixed_amount', value: 25, usage_type: 'reusable', original_balance: 25, current_balance: 25, status: 'active' });
    const list = (await send('GET', '/api/admin/vouchers')).body as unknown as { code: string }[];
    expect(list.some((v) => v.code === created.body.code)).toBe(true);
  });
});

describe('sales', () => {
  it('validates a bulk sale', async () => {
    const now = Date.now();
    const base = { target_type: 'store', sale_price_type: 'percentage', sale_start: new Date(now).toISOString(), sale_end: new Date(now + 86_400_000).toISOString() };
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...base, sale_value: 0 }));
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...base, sale_value: 100 }));
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...base, sale_value: 20, sale_end: new Date(now - 1000).toISOString() }), /after its start/);
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...base, target_type: 'category', sale_value: 20 }));
  });

  it('puts a selection on sale, lists it, and ends it', async () => {
    const [a, b] = (await listProducts('?limit=30')).filter((p) => !p.on_sale);
    const window = { sale_start: new Date(Date.now() - 1000).toISOString(), sale_end: new Date(Date.now() + 3 * 86_400_000).toISOString() };
    expectInvalid(await send('POST', '/api/admin/bulk-sale', { ...window, target_type: 'products', sale_price_type: 'fixed', sale_value: a.price, product_ids: [a.id] }), /below the regular price/);
    const applied = await send('POST', '/api/admin/bulk-sale', { ...window, target_type: 'products', sale_price_type: 'percentage', sale_value: 25, product_ids: [a.id, b.id] });
    expect(applied.body).toMatchObject({ success: true, updated_count: 2 });
    const active = (await send('GET', '/api/admin/active-sales')).body as unknown as { id: string; discount_percentage: number; sale_price: number }[];
    expect(active.find((s) => s.id === a.id)).toMatchObject({ discount_percentage: 25, sale_price: Math.round(a.price * 75) / 100 });
    expect(((await get(`/api/products/${a.id}`)).body as ApiProduct).on_sale).toBe(true);
    expect((await send('POST', '/api/admin/end-sale', [a.id, b.id])).body).toMatchObject({ ended_count: 2 });
    expect(((await get(`/api/products/${a.id}`)).body as ApiProduct).on_sale).toBe(false);
  });
});

describe('orders', () => {
  it('lists orders in the documented shape and validates filters', async () => {
    const res = await send('GET', '/api/admin/orders?status=all');
    expect(res.status).toBe(200);
    expect(Array.isArray((res.body as unknown as { orders: unknown[] }).orders)).toBe(true);
    expectInvalid(await send('GET', '/api/admin/orders?start_date=yesterday'));
    expectInvalid(await send('GET', '/api/admin/orders?status=weird'));
  });

  it('resends only for a paid order, and needs an email', async () => {
    expect((await send('POST', '/api/admin/orders/resend-email', { session_id: 'cs_test_nope_nope_nope', email: 'a@example.com' }, true)).status).toBe(404);
    expectInvalid(await send('POST', '/api/admin/orders/resend-email', { session_id: 'cs_test_x', email: '' }, true));
  });
});

describe('membership promo codes', () => {
  it('creates a code the membership checkout accepts, and retires it', async () => {
    const code = `PROMO-${unique}`.toUpperCase();
    expectInvalid(await send('POST', '/api/admin/promo-codes', { code, percent_off: 0 }));
    expect((await send('POST', '/api/admin/promo-codes', { code, percent_off: 25, description: 'launch' })).status).toBe(201);
    expect((await send('POST', '/api/admin/promo-codes', { code, percent_off: 25 })).status).toBe(409);
    const listed = (await send('GET', '/api/admin/promo-codes')).body as unknown as { code: string; percent_off: number; active: boolean }[];
    expect(listed.find((c) => c.code === code)).toMatchObject({ percent_off: 25, active: true });
    expect((await send('DELETE', `/api/admin/promo-codes/${code}`)).status).toBe(200);
    expect((await send('DELETE', `/api/admin/promo-codes/${code}`)).status).toBe(404);
  });
});
