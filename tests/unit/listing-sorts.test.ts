import { describe, expect, it } from 'vitest';
import { listingTarget, SORTS, sortedFromSegments } from '@/lib/http/listing-routes.mjs';
import { LISTING_SORTS } from '@/lib/shop';
import { listingHref } from '@/app/(shop)/products/listing-href';
import { parseListingParams } from '@/app/(shop)/products/listing-params';
import { pageNumbers } from '@/app/(shop)/products/pagination';
import { catalogQuerySchema } from '@/lib/contract/catalog';

// Sorts, tags and price filters of a listing (Decision 088): which spellings are
// cached pages, which are rendered per request, and how the page reads them.
const q = encodeURIComponent;

describe('routing sorts, tags and price ranges', () => {
  it('keeps the routing table and the shop on the same five sorts', () => {
    expect(SORTS).toEqual([...LISTING_SORTS]);
  });

  it('sends a canonical sort or a tag to the cached sorted route, one spelling each', () => {
    const expected: [string, string | null][] = [
      ['sort=newest', null],
      ['sort=newest&category=Clip+Art', '/products/in/Clip~20Art/1'],
      ['sort=bogus', null],
      ['sort=PRICE_ASC&page=2', '/products/in/2'],
      ['sort=', null],
      ['sort=price_asc', '/products/by/price_asc/~/1'],
      ['sort=price_desc&page=3', '/products/by/price_desc/~/3'],
      ['sort=best_selling&category=Clip+Art&subcategory=Florals&page=2', '/products/by/best_selling/~/Clip~20Art/Florals/2'],
      ['sort=top_rated&page=01', '/products/by/top_rated/~/1'],
      ['tag=Boho', '/products/by/newest/boho/1'],
      ['tag=%20boho%20&sort=price_asc&category=Clip+Art', '/products/by/price_asc/boho/Clip~20Art/1'],
      ['tag=boho&sort=bogus', '/products/by/newest/boho/1'],
      ['tag=', null],
      [`tag=${q('x'.repeat(101))}`, '/products/search'],
      [`tag=${q('a.b')}`, '/products/by/newest/a~2Eb/1'],
    ];
    for (const [query, route] of expected) expect(listingTarget(query), query).toBe(route);
  });

  it('renders every price range per request, and every search with a sort, tag or price', () => {
    for (const query of [
      'min_price=5',
      'max_price=abc',
      'min_price=1&max_price=2&category=Clip+Art',
      'tag=boho&min_price=0',
      'search=boho&sort=price_asc',
      'search=boho&sort=newest',
      'search=boho&tag=summer',
      'search=boho&max_price=9',
    ]) {
      expect(listingTarget(query), query).toBe('/products/search');
    }
    // Blank bounds and an unknown sort are no filter at all: the canonical cached routes.
    expect(listingTarget('search=boho&sort=&min_price=&max_price=')).toBe('/products/found/boho/1');
    expect(listingTarget('category=Clip+Art&sort=bogus&min_price=%20')).toBe('/products/in/Clip~20Art/1');
  });

  it('reads back only the sorted paths it writes', () => {
    expect(sortedFromSegments('price_asc', '~', ['1'])).toEqual({ sort: 'price_asc', tag: undefined, category: undefined, subcategory: undefined, page: 1 });
    expect(sortedFromSegments('newest', 'boho', ['Clip~20Art', 'Florals', '2'])).toEqual({
      sort: 'newest',
      tag: 'boho',
      category: 'Clip Art',
      subcategory: 'Florals',
      page: 2,
    });
    for (const [sort, tag, segments] of [
      ['newest', '~', ['1']],
      ['bogus', '~', ['1']],
      ['price_asc', 'Boho', ['1']],
      ['price_asc', '~20boho', ['1']],
      ['price_asc', 'boho%20', ['1']],
      ['price_asc', '~', ['01']],
      ['price_asc', '~', []],
      ['price_asc', '~', ['a', 'b', 'c', '1']],
      ['price_asc', '~', ['Clip Art', '1']],
    ] as [string, string, string[]][]) {
      expect(sortedFromSegments(sort, tag, segments), `${sort}|${tag}|${segments.join('|')}`).toBeNull();
    }
  });
});

describe('listing parameters on the page', () => {
  it('keeps what it can use and drops the rest, never failing', () => {
    expect(parseListingParams({ sort: 'price_desc', tag: 'Boho', min_price: '4.5', max_price: '10', page: '2' })).toEqual({
      sort: 'price_desc',
      tag: 'boho',
      minPriceCents: 450,
      maxPriceCents: 1000,
      page: 2,
      subcategory: undefined,
    });
    const odd = parseListingParams({ sort: 'cheapest', min_price: '-1', max_price: '1e9', tag: '' });
    expect([odd.sort, odd.minPriceCents, odd.maxPriceCents, odd.tag]).toEqual([undefined, undefined, undefined, undefined]);
    // Bounds the wrong way round are swapped.
    const swapped = parseListingParams({ min_price: '20', max_price: '5' });
    expect([swapped.minPriceCents, swapped.maxPriceCents]).toEqual([500, 2000]);
  });

  it('writes every kept filter back into the spec query address', () => {
    expect(listingHref({ category: 'Clip Art', search: 'boho', tag: 'summer', sort: 'price_asc', minPriceCents: 450, maxPriceCents: 1000, page: 2 })).toBe(
      '/products?category=Clip+Art&search=boho&tag=summer&sort=price_asc&min_price=4.50&max_price=10&page=2',
    );
  });

  it('numbers pages: first, last and two either side, gaps between', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, null, 5]);
    expect(pageNumbers(6, 40)).toEqual([1, null, 4, 5, 6, 7, 8, null, 40]);
    expect(pageNumbers(40, 40)).toEqual([1, null, 38, 39, 40]);
    expect(pageNumbers(3, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('GET /api/products query contract', () => {
  it('reads sort, tag and dollar bounds as cents', () => {
    expect(catalogQuerySchema.parse({ sort: 'top_rated', tag: 'Boho', min_price: '4.5', max_price: '12' })).toMatchObject({
      sort: 'top_rated',
      tag: 'boho',
      minPriceCents: 450,
      maxPriceCents: 1200,
    });
  });

  it('refuses an unknown sort, a bad bound or bounds the wrong way round', () => {
    for (const query of [
      { sort: 'cheapest' },
      { min_price: '-1' },
      { max_price: 'abc' },
      { min_price: '1.005' },
      { min_price: '9', max_price: '2' },
      { max_price: '1e9' },
    ]) {
      expect(catalogQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
