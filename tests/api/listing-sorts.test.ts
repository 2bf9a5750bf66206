import { describe, expect, it } from 'vitest';
import { expectError, get, listProducts } from './helpers';

// GET /api/products's sort, price range, tag and ranked search (Decision 088),
// and the /products pages that show them, on the demo catalogue.
const price = (p: { sale_price: number | null; price: number; on_sale: boolean }) => (p.on_sale && p.sale_price !== null ? p.sale_price : p.price);
const page = (query: string) => get(`/products?${query}`) as Promise<{ status: number; headers: Headers; body: string }>;

describe('GET /api/products sorts and filters', () => {
  it('orders by what a shopper pays now, both ways', async () => {
    const up = (await listProducts('?sort=price_asc')).map(price);
    expect(up.length).toBeGreaterThan(5);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await listProducts('?sort=price_desc')).map(price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it('keeps to a price range, in dollars, inclusive', async () => {
    const all = await listProducts('?min_price=5&max_price=7.5');
    expect(all.length).toBeGreaterThan(0);
    for (const p of all) {
      expect(price(p)).toBeGreaterThanOrEqual(5);
      expect(price(p)).toBeLessThanOrEqual(7.5);
    }
    const res = await get('/api/products?min_price=5&max_price=7.5');
    expect(Number(res.headers.get('x-total-count'))).toBe(all.length);
  });

  it('keeps to a tag, in any case', async () => {
    const tagged = await listProducts('?tag=Boho&sort=best_selling');
    expect(tagged.length).toBeGreaterThan(0);
    for (const p of tagged) expect(p.tags).toContain('boho');
    expect(await listProducts('?tag=no-such-tag-anywhere')).toEqual([]);
  });

  it('accepts every sort, top rated and best selling included', async () => {
    for (const sort of ['newest', 'best_selling', 'top_rated']) expect((await listProducts(`?sort=${sort}`)).length).toBeGreaterThan(0);
  });

  it('answers 400 in the error shape for an unknown sort or an unusable price', async () => {
    for (const query of ['sort=cheapest', 'min_price=-1', 'max_price=abc', 'min_price=9&max_price=2', 'min_price=1.999']) {
      const error = expectError(await get(`/api/products?${query}`), 400, 'invalid_request');
      expect(Object.keys(error.fields ?? {}).length, query).toBeGreaterThan(0);
    }
  });

  it('finds a title through a typo and another word order, title matches first', async () => {
    const found = await listProducts('?search=tumbler%20sunflwer');
    expect(found[0]?.title).toBe('Sunflower Leopard Tumbler Wrap 20oz');
    const wrap = await listProducts('?search=wrap%20sunflwer&sort=price_desc');
    expect(wrap.map((p) => p.title)).toContain('Sunflower Leopard Tumbler Wrap 20oz');
  });
});

describe('/products with a sort, a tag and a price range', () => {
  it('shows the sort menu and price filter keeping the category and search, and numbered pages', async () => {
    const res = await page('search=wrap&sort=price_asc&min_price=1');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<select id="listing-sort" name="sort"');
    expect(res.body).toMatch(/<input type="hidden" name="search" value="wrap"\/?>/);
    expect(res.body).toMatch(/<option value="price_asc" selected="">/);
    expect(res.body).toContain('name="min_price"');
  });

  it('serves a sorted listing and a tag listing from the page cache; a made-up tag is a 404', async () => {
    for (const query of ['sort=price_desc', 'tag=boho&sort=top_rated']) {
      expect((await page(query)).status).toBe(200);
      const again = await page(query);
      expect(again.headers.get('x-nextjs-cache'), query).toBe('HIT');
    }
    const tagged = await page('tag=boho');
    expect(tagged.body).toContain('Tagged');
    expect(tagged.body).toContain('href="/products?tag=boho"');
    const madeUp = await page('tag=zz-not-a-tag');
    expect(madeUp.status).toBe(404);
  });

  it('renders a price range per request, never from the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await page('min_price=1&max_price=9');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-nextjs-cache')).toBeNull();
    }
  });
});

describe('cached listings stay apart', () => {
  const cards = (html: string) => [...html.matchAll(/data-testid="product-card"[\s\S]*?href="\/product\/([^"]+)"/g)].map((m) => m[1]);
  const selected = (html: string) => /<option value="(\w+)" selected="">/.exec(html)?.[1] ?? 'newest';

  it('serves each order, tag and category its own page, cached or not', async () => {
    const categories = (await get('/api/categories')).body as { name: string }[];
    const category = encodeURIComponent(categories[0].name);
    const queries = [
      'page=1',
      'sort=price_asc',
      'sort=price_desc',
      'tag=boho',
      'tag=boho&sort=price_desc',
      `category=${category}`,
      `category=${category}&sort=price_asc`,
    ];
    const seen = new Map<string, string[]>();
    for (const query of queries) {
      const first = await page(query);
      const again = await page(query);
      expect(again.headers.get('x-nextjs-cache'), query).toBe('HIT');
      expect(cards(again.body), query).toEqual(cards(first.body));
      expect(selected(again.body), query).toBe(/sort=(\w+)/.exec(query)?.[1] ?? 'newest');
      seen.set(query, cards(again.body));
    }
    const ascending = seen.get('sort=price_asc') ?? [];
    expect(ascending.length).toBeGreaterThan(1);
    expect(seen.get('sort=price_desc')).not.toEqual(ascending);
    expect(seen.get('page=1')).not.toEqual(ascending);
    expect(seen.get('tag=boho&sort=price_desc')).not.toEqual(seen.get('tag=boho'));
    expect(seen.get(`category=${category}&sort=price_asc`)).not.toEqual(ascending);
  });
});
