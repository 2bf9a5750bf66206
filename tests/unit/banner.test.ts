import { describe, expect, it } from 'vitest';
import { DEFAULT_BANNER, normalizeBanner, splitBanner } from '@/lib/banner';

describe('banner', () => {
  it('splits on double spaces into upper-case items', () => {
    expect(splitBanner('free shipping  new drops weekly')).toEqual(['FREE SHIPPING', 'NEW DROPS WEEKLY']);
  });

  it('keeps single spaces inside an item and drops blank items', () => {
    expect(splitBanner('  one item   two  \n\n  ')).toEqual(['ONE ITEM', 'TWO']);
    expect(splitBanner('')).toEqual([]);
  });

  it('has the three default items of the spec', () => {
    const items = splitBanner(DEFAULT_BANNER);
    expect(items).toHaveLength(3);
    expect(items[0]).toBe('INSTANT ACCESS TO DIGITAL DOWNLOADS');
    expect(items[1]).toMatch(/^FOLLOW ME ON TIKTOK @/);
    expect(items[2]).toBe('WANT TO LEARN HOW TO DESIGN? JOIN OUR SKOOL');
  });

  it('normalises a saved message to upper case with double-space separators', () => {
    expect(normalizeBanner('sale now on   new  ')).toBe('SALE NOW ON  NEW');
  });
});
