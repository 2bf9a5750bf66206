import { describe, expect, it } from 'vitest';
import { listingFromSegments } from '@/lib/http/listing-rewrites';
import { getSearchTotal, setSearchTotal, clearSearchTotals } from '@/lib/cache/search-totals';

// Where Next's rewrites send each /products?… spelling is proven against the
// real server in tests/api/listing-pages.test.ts.
describe('/products/in paths', () => {
  it('reads back exactly the paths it writes, and nothing else', () => {
    expect(listingFromSegments(['Clip Art', '1'])).toEqual({ category: 'Clip Art', subcategory: undefined, page: 1 });
    expect(listingFromSegments(['Clip Art', 'Florals', '3'])).toEqual({ category: 'Clip Art', subcategory: 'Florals', page: 3 });
    expect(listingFromSegments(['12'])).toEqual({ category: undefined, subcategory: undefined, page: 12 });
    for (const segments of [
      [],
      ['1'],
      ['Clip Art', '01'],
      ['Clip Art', '0'],
      [' Clip Art', '1'],
      ['Clip Art ', '1'],
      ['a%2Fb', '1'],
      ['a', 'b', 'c', '1'],
      ['x'.repeat(101), '1'],
    ]) {
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
