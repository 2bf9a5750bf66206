import { describe, expect, it } from 'vitest';
import { decodeSegment, encodeSegment, listingFromSegments, listingTarget, routeListing, searchFromSegments } from '@/lib/http/listing-routes.mjs';
import { getSearchTotal, setSearchTotal, clearSearchTotals } from '@/lib/cache/search-totals';

// tests/api/listing-pages.test.ts checks on the real server that server.mjs
// routes each spelling here, and what each route answers.
const q = encodeURIComponent;
const C = 'Café & Co.';
const c = encodeSegment(C);

describe('routing /products?… to the listing routes', () => {
  it('sends each spelling to its route: trimmed names, canonical pages, searches apart', () => {
    const expected: [string, string | null][] = [
      ['', null],
      ['page=1', null],
      ['page=01', null],
      ['page=0', null],
      ['page=abc', null],
      ['page=10001', null],
      ['subcategory=Mugs', null],
      ['category=', null],
      ['category=%20%20', null],
      ['category=%20&page=4', '/products/in/4'],
      ['search=%20', null],
      ['utm_source=mail', null],
      [`category=${q(C)}`, `/products/in/${c}/1`],
      [`category=${q(` ${C} `)}&page=01`, `/products/in/${c}/1`],
      [`category=${q(C)}&page=3`, `/products/in/${c}/3`],
      [`page=3&subcategory=Florals&category=${q(C)}`, `/products/in/${c}/Florals/3`],
      [`category=${q(C)}&subcategory=`, `/products/in/${c}/1`],
      [`category=${q(C)}&page=10000`, `/products/in/${c}/10000`],
      [`category=Nope&category=${q(C)}`, `/products/in/${c}/1`],
      [`category=${q(C)}&page=x&page=2`, `/products/in/${c}/2`],
      ['category=Clip+Art', '/products/in/Clip~20Art/1'],
      ['page=12', '/products/in/12'],
      [`search=boho&category=${q(C)}`, '/products/search'],
      ['search=boho', '/products/found/boho/1'],
      [`search=${q(' Retro Cat ')}&page=2`, '/products/found/Retro~20Cat/2'],
      ['page=1&search=boho', '/products/found/boho/1'],
      ['search=boho&page=abc', '/products/search'],
      ['search=boho&subcategory=Mugs', '/products/search'],
      [`search=${q('100%')}`, '/products/found/100~25/1'],
      [`search=${q('x'.repeat(101))}`, '/products/search'],
      [`category=${q('x'.repeat(101))}`, '/products/search'],
      [`category=${q(C)}&subcategory=${q('x'.repeat(101))}&page=2`, '/products/search'],
      ...['Cards/Prints', '100%', 'a?b', 'a#b', 'a\\b', 'line\nbreak', '.', '..', 'a~b'].map((name): [string, string] => [
        `category=${q(name)}`,
        `/products/in/${encodeSegment(name)}/1`,
      ]),
    ];
    for (const [query, route] of expected) expect(listingTarget(query), query).toBe(route);
  });

  it('hands Next the route with the query kept, for /products in any case, and leaves every other URL alone', () => {
    expect(routeListing(`/products?category=${q(C)}&page=2`)).toBe(`/products/in/${c}/2?category=${q(C)}&page=2`);
    expect(routeListing('/Products?search=boho')).toBe('/products/found/boho/1?search=boho');
    for (const url of ['/products', '/products?', '/products?page=1', '/products/?category=a', '/productsx?category=a', '/product/a?category=b', '/']) {
      expect(routeListing(url), url).toBe(url);
    }
  });

  it('writes names without a % or a dot segment, and reads back only what it writes', () => {
    for (const name of [C, 'Cards/Prints 100%', 'a~b', '.', '..', 'line\nbreak', '日本']) {
      const segment = encodeSegment(name);
      expect(segment).toMatch(/^[A-Za-z0-9_!*'()~-]+$/);
      expect(decodeSegment(segment)).toBe(name);
    }
    for (const segment of ['Caf%C3%A9', 'Clip Art', 'a~2', 'a~7eb', '~ZZ']) expect(decodeSegment(segment), segment).toBeNull();
  });
});

describe('/products/in and /products/found paths', () => {
  it('reads back exactly the paths routing writes, and nothing else', () => {
    expect(listingFromSegments(['Clip~20Art', '1'])).toEqual({ category: 'Clip Art', subcategory: undefined, page: 1 });
    expect(listingFromSegments(['Clip~20Art', 'Florals', '3'])).toEqual({ category: 'Clip Art', subcategory: 'Florals', page: 3 });
    expect(listingFromSegments(['12'])).toEqual({ category: undefined, subcategory: undefined, page: 12 });
    expect(searchFromSegments('Retro~20Cat', '2')).toEqual({ search: 'Retro Cat', page: 2 });
    for (const segments of [
      [],
      ['1'],
      ['Clip~20Art', '01'],
      ['Clip~20Art', '0'],
      ['~20Clip~20Art', '1'],
      ['Clip~20Art~20', '1'],
      ['Clip Art', '1'],
      ['Clip%20Art', '1'],
      ['a', 'b', 'c', '1'],
      ['x'.repeat(101), '1'],
    ]) {
      expect(listingFromSegments(segments), segments.join('|')).toBeNull();
    }
    for (const [term, page] of [
      ['~20boho', '1'],
      ['boho', '01'],
      ['boho%20x', '1'],
      ['x'.repeat(101), '1'],
    ]) {
      expect(searchFromSegments(term, page), term).toBeNull();
    }
  });
});

describe('search totals', () => {
  it('remembers a count and forgets everything on a catalogue change', () => {
    setSearchTotal('boho', [40, 1, 1]);
    expect(getSearchTotal('boho')).toEqual([40, 1, 1]);
    clearSearchTotals();
    expect(getSearchTotal('boho')).toBeUndefined();
  });

  it('keeps at most 1,000 searches, dropping the oldest', () => {
    for (let i = 0; i <= 1_000; i++) setSearchTotal(`term ${i}`, [i, 0, 0]);
    expect(getSearchTotal('term 0')).toBeUndefined();
    expect(getSearchTotal('term 1000')).toEqual([1_000, 0, 0]);
    clearSearchTotals();
  });
});
