import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_RECOMMENDATION_SOURCES, MAX_RECOMMENDATIONS, productResponse } from '@/lib/contract/catalog';
import { expectError, expectShape, get, listProducts } from './helpers';

// GET /api/recommendations (Decision 089) on the demo catalogue.
describe('GET /api/recommendations', () => {
  it('offers other products of the same category for a cart, never the ones asked about', async () => {
    const products = (await listProducts('?limit=50')).filter((p) => p.category);
    const asked = products.slice(0, 2);
    const res = await get(`/api/recommendations?product_ids=${asked.map((p) => p.id).join(',')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('s-maxage=60');
    const offered = expectShape(z.array(productResponse), res.body);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThanOrEqual(MAX_RECOMMENDATIONS);
    const ids = offered.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of asked) expect(ids).not.toContain(p.id);
    // Without orders in the demo, the first offer for a product is another of its category.
    const single = expectShape(z.array(productResponse), (await get(`/api/recommendations?product_ids=${asked[0].id}`)).body);
    expect(single[0]?.category).toBe(asked[0].category);
  });

  it('offers nothing for a product that does not exist', async () => {
    const res = await get('/api/recommendations?product_ids=nosuchproduct1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers 400 in the error shape without ids, with a malformed one, or with more than a cart of them', async () => {
    const many = Array.from({ length: MAX_RECOMMENDATION_SOURCES + 1 }, (_, i) => `p${i}`).join(',');
    for (const query of ['', '?product_ids=', '?product_ids=a%2Fb', `?product_ids=${many}`]) {
      const error = expectError(await get(`/api/recommendations${query}`), 400, 'invalid_request');
      expect(error.fields?.product_ids, query).toBeDefined();
    }
  });
});
