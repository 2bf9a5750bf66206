import { describe, expect, it } from 'vitest';
// Next's own matcher and destination compiler, so these are the rewrites as the server applies them.
import { matchHas, prepareDestination } from 'next/dist/shared/lib/router/utils/prepare-destination';
import { listingDestination, listingFromSegments, listingRewrites } from '@/lib/http/listing-rewrites';
import { getSearchTotal, setSearchTotal, clearSearchTotals } from '@/lib/cache/search-totals';

/** Where /products?{query} is served from: the first rewrite that matches, or /products itself. */
function routeOf(query: string): string {
  const parsed: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) parsed[key] = key in parsed ? [parsed[key]].flat().concat(value) : value;
  for (const rule of listingRewrites) {
    const params = matchHas({ headers: {} } as never, parsed, rule.has);
    if (!params) continue;
    return prepareDestination({ destination: rule.destination, params, query: parsed, appendParamsToQuery: true }).parsedDestination.pathname;
  }
  return '/products';
}

describe('/products rewrites', () => {
  it('serves the default listing from /products itself', () => {
    for (const query of ['', 'page=1', 'page=01', 'page=0', 'page=abc', 'page=10001', 'subcategory=Mugs', 'category=', 'category=%20%20', 'search=%20', 'utm_source=mail']) {
      expect(routeOf(query), query).toBe('/products');
    }
  });

  it('sends browse listings to the cached route, trimmed, with canonical pages', () => {
    expect(routeOf('category=Clip+Art')).toBe('/products/in/Clip Art/1');
    expect(routeOf('category=%20Clip%20Art%20&page=01')).toBe('/products/in/Clip Art/1');
    expect(routeOf('category=Clip+Art&page=3')).toBe('/products/in/Clip Art/3');
    expect(routeOf('page=3&subcategory=Florals&category=Clip+Art')).toBe('/products/in/Clip Art/Florals/3');
    expect(routeOf('category=Clip+Art&subcategory=Florals')).toBe('/products/in/Clip Art/Florals/1');
    expect(routeOf('category=Clip+Art&subcategory=')).toBe('/products/in/Clip Art/1');
    expect(routeOf('category=Caf%C3%A9+%26+Co.&page=10000')).toBe('/products/in/Café & Co./10000');
    expect(routeOf('page=12')).toBe('/products/in/12');
  });

  it('renders searches and names a path cannot carry per request', () => {
    expect(routeOf('search=boho&category=Clip+Art')).toBe('/products/search');
    for (const name of ['Cards/Prints', '100%', 'a?b', 'a#b', 'a\\b', 'line%0Abreak', 'x'.repeat(101)]) {
      expect(routeOf(`category=${encodeURIComponent(name)}`), name).toBe('/products/search');
      expect(routeOf(`category=Clip+Art&subcategory=${encodeURIComponent(name)}&page=2`), name).toBe('/products/search');
    }
  });

  it('routes in plain JavaScript exactly as Next applies the rules, with the names percent-encoded', () => {
    const names = ['Clip Art', ' Clip Art ', 'Café & Co.', 'Cards/Prints', '100%', 'a?b', 'line\nbreak', 'x'.repeat(100), 'x'.repeat(101), '', '  ', 'Mugs+Cups'];
    const values = (key: string, list: string[]) => ['', ...list.map((v) => `&${key}=${encodeURIComponent(v)}`)];
    const queries: string[] = [];
    for (const category of values('category', names))
      for (const subcategory of values('subcategory', ['Florals', 'a/b', ' ', 'Café']))
        for (const pageQuery of ['', '&page=1', '&page=2', '&page=02', '&page=10001', '&page=3&page=x', '&page=x&page=3'])
          for (const search of ['', '&search=boho', '&search=%20']) queries.push(`${category}${subcategory}${pageQuery}${search}`.slice(1));
    queries.push('category=A&category=B', 'category=A%2FB&category=B', 'category=B&category=A%2FB');
    for (const query of queries) {
      const fast = listingDestination(new URLSearchParams(query));
      const decoded = fast === null ? '/products' : fast.split('/').map(decodeURIComponent).join('/');
      expect(decoded, query).toBe(routeOf(query));
      if (fast !== null) expect(fast, query).toMatch(/^\/products\/(in|search)(\/[^/?#\s%]*(%[0-9A-F]{2}[^/?#\s%]*)*)*$/);
    }
  });

  it('reads back exactly the paths it writes, and nothing else', () => {
    expect(listingFromSegments(['Clip Art', '1'])).toEqual({ category: 'Clip Art', subcategory: undefined, page: 1 });
    expect(listingFromSegments(['Clip Art', 'Florals', '3'])).toEqual({ category: 'Clip Art', subcategory: 'Florals', page: 3 });
    expect(listingFromSegments(['12'])).toEqual({ category: undefined, subcategory: undefined, page: 12 });
    for (const segments of [[], ['1'], ['Clip Art', '01'], ['Clip Art', '0'], [' Clip Art', '1'], ['Clip Art ', '1'], ['a%2Fb', '1'], ['a', 'b', 'c', '1'], ['x'.repeat(101), '1']]) {
      expect(listingFromSegments(segments), segments.join('|')).toBeNull();
    }
  });
});

describe('search totals', () => {
  it('remembers a count and forgets everything on a catalogue change', () => {
    setSearchTotal('boho', 42);
    expect(getSearchTotal('boho')).toBe(42);
    clearSearchTotals();
    expect(getSearchTotal('boho')).toBeUndefined();
  });

  it('keeps at most 1,000 searches, dropping the oldest', () => {
    for (let i = 0; i <= 1_000; i++) setSearchTotal(`term ${i}`, i);
    expect(getSearchTotal('term 0')).toBeUndefined();
    expect(getSearchTotal('term 1000')).toBe(1_000);
    clearSearchTotals();
  });
});
