// SQL injection and XSS payloads are inert: queries answer normal results or
// 400, stored text comes back HTML-escaped on the pages that render it, JSON-LD
// cannot close its script element, and error pages reflect nothing raw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '@/lib/contract/catalog';
import { adminToken, call, clearRateLimits, closeDb, count, expectErrorShape, sql } from './helpers';
import { listProducts } from '../api/helpers';
import { searchWords } from '@/lib/domain/catalog/search-query';

const SQL_PAYLOADS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  '\'; DROP TABLE "Product"; --',
  '1\' UNION SELECT id, email, "passwordHash" FROM "User" --',
  "%' OR '%'='",
  "'||pg_sleep(3)||'",
  "\\'; SELECT 1; --",
  ') OR (1=1',
  '$1',
];

const XSS = '<script>alert("xss")</script><img src=x onerror=alert(1)>"><svg onload=alert(2)>';
// Raw markup that would run if the payload reached a page unescaped (case-insensitive: the banner is upper-cased).
const RAW_MARKUP = [/<script>alert/i, /<img src=x onerror/i, /<svg onload/i];

function expectInert(html: string, where: string) {
  for (const pattern of RAW_MARKUP) expect(pattern.test(html), `${where} contains ${pattern}`).toBe(false);
}

/** Pages are cached and regenerated after an admin write: poll until the new text shows. */
async function pageShowing(path: string, needle: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  let html = '';
  while (Date.now() < deadline) {
    html = (await call('GET', path)).text;
    if (html.includes(needle)) return html;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${path} never showed ${needle}`);
}

let auth: Record<string, string>;
let productTotal: number;

beforeAll(async () => {
  auth = { authorization: `Bearer ${await adminToken()}` };
  productTotal = await count('Product');
});

afterAll(async () => {
  await clearRateLimits('discount');
  await closeDb();
});

describe('SQL injection', () => {
  it.each(SQL_PAYLOADS)('search, category and subcategory treat %s as text', async (payload) => {
    const started = Date.now();
    // The search looks for the words of what was typed (Decision 088), and for the text itself in
    // titles: a payload finds only products its words alone find, and never an error.
    const words = searchWords(payload).join(' ');
    for (const list of ['/api/products', '/api/bundles']) {
      const res = await call('GET', `${list}?search=${encodeURIComponent(payload)}`);
      if (res.status === 400) expectErrorShape(res, 400);
      else {
        expect(res.status, res.text).toBe(200);
        const plain = words ? ((await call('GET', `${list}?search=${encodeURIComponent(words)}`)).body as { id: string }[]) : [];
        const plainIds = new Set(plain.map((p) => p.id));
        expect((res.body as { id: string }[]).filter((p) => !plainIds.has(p.id))).toEqual([]);
      }
    }
    expect((await call('GET', `/products?search=${encodeURIComponent(payload)}`)).status).toBe(200);
    for (const query of [`category=${encodeURIComponent(payload)}`, `category=Clip%20Art&subcategory=${encodeURIComponent(payload)}`]) {
      for (const list of ['/api/products', '/api/bundles']) {
        const res = await call('GET', `${list}?${query}`);
        if (res.status === 400) expectErrorShape(res, 400);
        else {
          expect(res.status, res.text).toBe(200);
          expect(res.body).toEqual([]);
        }
      }
      const page = await call('GET', `/products?${query}`);
      // An unknown category is a 404 (Decision 23), shown as the empty listing.
      expect(page.status).toBe(404);
      expect(page.text).toContain('No products found');
    }
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('left every table in place', async () => {
    expect(await count('Product')).toBe(productTotal);
    expect((await listProducts('?limit=5')).length).toBe(5);
  });

  it('discount codes, sign-in fields and admin sign-in refuse payloads cleanly', async () => {
    await clearRateLimits('discount');
    for (const payload of SQL_PAYLOADS.slice(0, 8)) {
      const discount = await call('POST', `/api/validate-discount?code=${encodeURIComponent(payload)}`);
      if (discount.status === 400) expectErrorShape(discount, 400);
      else expect(discount.body).toMatchObject({ valid: false });
      const checkout = await call('POST', `/api/checkout/session?discount_code=${encodeURIComponent(payload)}`, { json: [{ product_id: 'abc' }] });
      expectErrorShape(checkout, 400);
    }
    const login = await call('POST', '/api/auth/user-login', { form: { email: "' OR 1=1 --@example.com", password: "' OR '1'='1" } });
    expect([400, 401]).toContain(login.status);
    expect(login.body).not.toHaveProperty('token');
    const admin = await call('POST', '/api/auth/login', { form: { username: "admin' --", password: "' OR '1'='1" } });
    expectErrorShape(admin, 401);
  });
});

describe('stored XSS', () => {
  let product: ProductResponse;
  let bannerBefore: string;

  beforeAll(async () => {
    product = (await listProducts('?limit=10'))[3];
    bannerBefore = ((await call('GET', '/api/settings/banner')).body as { message: string }).message;
  });

  afterAll(async () => {
    await call('PUT', `/api/products/${product.id}`, { headers: auth, json: { title: product.title, description: product.description } });
    await call('POST', '/api/settings/banner', { headers: auth, form: { message: bannerBefore } });
  });

  it('banner text is escaped on the home and listing pages', async () => {
    const saved = await call('POST', '/api/settings/banner', { headers: auth, form: { message: `SALE  ${XSS}` } });
    expect(saved.status, saved.text).toBe(200);
    for (const path of ['/', '/products']) {
      const html = await pageShowing(path, '&lt;SCRIPT&gt;ALERT(&quot;XSS&quot;)&lt;/SCRIPT&gt;');
      expectInert(html, path);
    }
  });

  it('product title and description are escaped on the product page, JSON-LD included', async () => {
    const title = `Sec title ${XSS}`;
    const description = `</script><script>alert("ld")</script> ${XSS}`;
    const saved = await call('PUT', `/api/products/${product.id}`, { headers: auth, json: { title, description } });
    expect(saved.status, saved.text).toBe(200);

    const html = await pageShowing(`/product/${product.id}`, 'Sec title &lt;script&gt;');
    expectInert(html, 'product page');
    expect(html).not.toContain('</script><script>alert("ld")');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(blocks.length).toBe(1);
    expect(blocks[0]).not.toContain('<');
    const data = JSON.parse(blocks[0]) as { name: string; description: string };
    expect(data).toMatchObject({ name: title, description });

    const api = await call('GET', `/api/products/${product.id}`);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(api.body).toMatchObject({ title });
  });

  it('a category, subcategory and tag named with script are escaped wherever the menu and cards show them', async () => {
    const name = `Cat <script>alert("c")</script><img src=x onerror=alert(1)>`;
    const created = await call('POST', '/api/categories', { headers: auth, json: { name, subcategories: ['<svg onload=alert(2)>'] } });
    expect(created.status, created.text).toBe(201);
    const categoryId = (created.body as { id: string }).id;
    const tag = '<img src=x onerror=alert(3)>';
    const saved = await call('PUT', `/api/products/${product.id}`, {
      headers: auth,
      json: { tags: [tag], category: name, subcategory: '<svg onload=alert(2)>' },
    });
    try {
      expect(saved.status, saved.text).toBe(200);
      for (const path of ['/', '/products', `/products?category=${encodeURIComponent(name)}`, `/product/${product.id}`]) {
        const html = await pageShowing(path, 'Cat &lt;script&gt;');
        expectInert(html, path);
      }
    } finally {
      await call('PUT', `/api/products/${product.id}`, {
        headers: auth,
        json: { tags: product.tags, category: product.category, subcategory: product.subcategory },
      });
      expect((await call('DELETE', `/api/categories/${categoryId}`, { headers: auth })).status).toBe(200);
    }
  });

  it('voucher fields: a script in the email is refused, in the notes it stays inert JSON', async () => {
    const bad = await call('POST', '/api/admin/vouchers/create', {
      headers: auth,
      json: { customer_email: `"><script>alert(1)</script>@example.com`, type: 'percentage', value: 10, usage_type: 'reusable' },
    });
    expectErrorShape(bad, 400);
    const created = await call('POST', '/api/admin/vouchers/create', {
      headers: auth,
      json: { customer_email: 'xss-notes@example.com', type: 'percentage', value: 10, usage_type: 'reusable', notes: XSS },
    });
    expect(created.status, created.text).toBe(201);
    const [row] = await sql<{ notes: string }>(`SELECT notes FROM "Voucher" WHERE code = $1`, [(created.body as { code: string }).code]);
    expect(row.notes).toBe(XSS);
    const list = await call('GET', '/api/admin/vouchers', { headers: auth });
    expect(list.headers.get('content-type')).toContain('application/json');
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('reflected XSS', () => {
  const payload = encodeURIComponent('<script>alert(1)</script><img src=x onerror=alert(1)>');
  const pages = [
    `/products?search=${payload}`,
    `/products?category=${payload}`,
    `/products?category=Clip%20Art&subcategory=${payload}`,
    `/product/${payload}`,
    `/login?verified=${payload}`,
    `/reset-password?token=${payload}`,
    `/verify-email?token=${payload}`,
    `/success?session_id=${payload}`,
    `/membership-success?session_id=${payload}`,
    `/checkout/test/${payload}`,
    `/${payload}`,
    `/no-such-page?q=${payload}`,
  ];

  it.each(pages)('%s reflects nothing raw', async (path) => {
    const res = await call('GET', path);
    expect(res.status, path).toBeLessThan(500);
    expectInert(res.text, path);
    expectInert(decodeURIComponent(res.headers.get('location') ?? ''), `${path} Location`);
  });

  it.each([
    `/api/products?limit=${payload}`,
    `/api/products/${payload}`,
    `/api/no/such/${payload}`,
    `/api/checkout/status/${payload}`,
    `/api/download/${payload}/x`,
  ])('%s answers JSON errors, never HTML', async (path) => {
    const res = await call('GET', path);
    expectErrorShape(res, [400, 404]);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
