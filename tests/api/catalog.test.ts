import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bannerResponse, bundleResponse, categoryResponse, productResponse } from '@/lib/contract/catalog';
import { expectError, expectShape, get, listProducts } from './helpers';

describe('GET /api/products', () => {
  it('lists products only, newest first, with the spec field names and dollar prices', async () => {
    // listProducts parses every item with the contract's productResponse: each spec field, with its type.
    const products = await listProducts();
    expect(products.length).toBeGreaterThanOrEqual(30);
    for (const p of products) {
      expect(p.is_bundle).toBe(false);
      expect(Number.isInteger(Math.round(p.price * 100))).toBe(true);
      // 0 is a free download (docs/product.md, Decision 095); never negative.
      expect(p.price).toBeGreaterThanOrEqual(0);
    }
    const created = products.map((p) => Date.parse(p.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });

  it('never exposes storage keys of paid files', async () => {
    const res = await get('/api/products');
    expectShape(z.array(productResponse), res.body);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/"file_paths?"/);
    expect(text).not.toMatch(/files\/[a-z0-9]+\//i);
    const bundles = await get('/api/bundles');
    expectShape(z.array(bundleResponse), bundles.body);
    expect(JSON.stringify(bundles.body)).not.toMatch(/files\/[a-z0-9]+\//i);
  });

  it('filters by category and subcategory', async () => {
    const categories = expectShape(z.array(categoryResponse), (await get('/api/categories')).body);
    const withSubs = categories.find((c) => c.subcategories.length > 0);
    expect(withSubs).toBeDefined();
    const inCategory = await listProducts(`?category=${encodeURIComponent(withSubs!.name)}`);
    expect(inCategory.length).toBeGreaterThan(0);
    expect(inCategory.every((p) => p.category === withSubs!.name)).toBe(true);

    const sub = withSubs!.subcategories.find((s) => inCategory.some((p) => p.subcategory === s))!;
    const inSub = await listProducts(`?category=${encodeURIComponent(withSubs!.name)}&subcategory=${encodeURIComponent(sub)}`);
    expect(inSub.length).toBe(inCategory.filter((p) => p.subcategory === sub).length);
    expect(inSub.every((p) => p.subcategory === sub)).toBe(true);

    expect(await listProducts('?category=No%20Such%20Category')).toEqual([]);
  });

  it('searches titles case-insensitively and tags exactly', async () => {
    const all = await listProducts();
    const target = all[Math.floor(all.length / 2)];
    const word = target.title
      .split(/\s+/)
      .find((w) => w.length >= 5)!
      .toUpperCase();
    const found = await listProducts(`?search=${encodeURIComponent(word)}`);
    expect(found.map((p) => p.id)).toContain(target.id);
    expect(found.every((p) => p.title.toUpperCase().includes(word) || p.tags.includes(word.toLowerCase()))).toBe(true);

    const tag = target.tags[0];
    const byTag = await listProducts(`?search=${encodeURIComponent(tag)}`);
    expect(byTag.map((p) => p.id)).toContain(target.id);
  });

  it('treats search text literally, wildcards and quotes included', async () => {
    expect(await listProducts(`?search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await listProducts(`?search=${encodeURIComponent('_')}`)).toEqual([]);
    // Quotes and dashes are not words: the search finds what the words alone find (Decision 088).
    expect(await listProducts(`?search=${encodeURIComponent("' OR 1=1 --")}`)).toEqual(await listProducts('?search=or%201'));
  });

  it('pages with limit and offset and reports the total', async () => {
    const first = await get('/api/products?limit=5');
    const second = await get('/api/products?limit=5&offset=5');
    const firstPage = expectShape(z.array(productResponse), first.body);
    expect(firstPage.length).toBe(5);
    expect(Number(first.headers.get('x-total-count'))).toBeGreaterThanOrEqual(30);
    const ids = new Set(firstPage.map((p) => p.id));
    expect(expectShape(z.array(productResponse), second.body).some((p) => ids.has(p.id))).toBe(false);
  });

  it('answers bad parameters with 400 in the one error shape', async () => {
    expectError(await get('/api/products?limit=abc'), 400, 'invalid_request');
    expectError(await get('/api/products?limit=0'), 400, 'invalid_request');
    expectError(await get('/api/products?limit=100000'), 400, 'invalid_request');
    expectError(await get('/api/products?offset=-1'), 400, 'invalid_request');
    expectError(await get(`/api/products?search=${'x'.repeat(101)}`), 400, 'invalid_request');
    expectError(await get(`/api/bundles?category=${'x'.repeat(101)}`), 400, 'invalid_request');
  });
});

describe('bundles and single items', () => {
  it('lists bundles with the products they contain', async () => {
    const bundles = expectShape(z.array(bundleResponse), (await get('/api/bundles')).body);
    expect(bundles.length).toBe(3);
    for (const b of bundles) {
      expect(b.is_bundle).toBe(true);
      expect(b.product_ids.length).toBeGreaterThan(1);
      expect(b.cover_image_path).toBe(b.image_path);
    }
  });

  it('answers a product by id, and a bundle only at /api/bundles/{id}', async () => {
    const [product] = await listProducts('?limit=1');
    const one = await get(`/api/products/${product.id}`);
    expect(one.status).toBe(200);
    expect(expectShape(productResponse, one.body)).toMatchObject({ id: product.id, title: product.title, price: product.price });

    const [bundle] = expectShape(z.array(bundleResponse), (await get('/api/bundles')).body);
    expectError(await get(`/api/products/${bundle.id}`), 404, 'not_found');
    const fallback = await get(`/api/bundles/${bundle.id}`);
    expect(fallback.status).toBe(200);
    expect(expectShape(bundleResponse, fallback.body)).toMatchObject({ id: bundle.id, is_bundle: true });
  });

  it('404s unknown ids and 400s malformed ones', async () => {
    expectError(await get('/api/products/doesnotexist123'), 404, 'not_found');
    expectError(await get('/api/bundles/doesnotexist123'), 404, 'not_found');
    expectError(await get('/api/products/bad%20id'), 400, 'invalid_request');
  });
});

describe('categories, banner, media', () => {
  it('lists categories with subcategories and display images', async () => {
    const res = await get('/api/categories');
    const categories = expectShape(z.array(categoryResponse), res.body);
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(categories.some((c) => c.subcategories.length > 0)).toBe(true);
    for (const c of categories) {
      expect(c.display_image).toMatch(/^\/media\//);
      expect(Number.isNaN(Date.parse(c.updated_at))).toBe(false);
    }
  });

  it('returns the banner message', async () => {
    const res = await get('/api/settings/banner');
    expect(res.status).toBe(200);
    expect(expectShape(bannerResponse, res.body).message).toContain('INSTANT ACCESS TO DIGITAL DOWNLOADS');
  });

  it('serves public previews as cacheable images and nothing outside the public bucket', async () => {
    const [product] = await listProducts('?limit=1');
    const image = await fetch(product.thumbnail_url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect((await get('/api/media/files/anything.png')).status).toBe(404);
    expect((await get('/api/media/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expectError(await get('/api/no/such/endpoint'), 404, 'not_found');
  });
});
