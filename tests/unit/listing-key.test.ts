import { describe, expect, it } from 'vitest';
import { listingKey } from '@/app/(shop)/products/listing-href';
import { listingFromKey } from '@/app/(shop)/products/listing-key';
import { getSearchTotal, setSearchTotal, clearSearchTotals } from '@/lib/cache/search-totals';

const key = (query: string) => listingKey(new URLSearchParams(query));

describe('cached /products listing keys', () => {
  it('is empty for the default listing, so /products itself serves it', () => {
    expect(key('')).toBe('');
    expect(key('page=1')).toBe('');
    expect(key('subcategory=Mugs')).toBe('');
    expect(key('utm_source=mail')).toBe('');
  });

  it('round-trips category, subcategory and page, including spaces and non-ASCII names', () => {
    for (const query of ['category=Clip Art', 'category=Clip Art&subcategory=Florals&page=3', 'category=Café Prints&page=2']) {
      const params = new URLSearchParams(query);
      expect(listingFromKey(key(query))).toEqual({
        category: params.get('category'),
        subcategory: params.get('subcategory') ?? undefined,
        search: undefined,
        page: Number(params.get('page') ?? 1),
      });
    }
  });

  it('uses only path-safe characters, and one key per listing whatever the spelling', () => {
    expect(key('category=Clip Art&subcategory=Florals')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(key('subcategory=Florals&category=%20Clip%20Art')).toBe(key('category=Clip+Art&subcategory=Florals'));
  });

  it('refuses keys that are not canonical or not keys at all', () => {
    const padded = Buffer.from('category=Clip+Art&page=1').toString('base64url');
    expect(listingFromKey(padded)).toBeNull();
    expect(listingFromKey(Buffer.from('search=x').toString('base64url'))).toBeNull();
    expect(listingFromKey('search')).toBeNull();
    expect(listingFromKey('%%%')).toBeNull();
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
