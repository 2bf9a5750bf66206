// The small rules behind galleries, reviews, wishlists and marketing email
// (Decisions 086, 087): unsubscribe tokens that only this shop can sign and
// that name one customer and one category, reviewers signed by first name and
// initial, the name a sale goes by, a gallery never edited, and the only
// places /login may send a visitor back to.
import { describe, expect, it } from 'vitest';
import { galleryOf, MAIN_IMAGE_ID } from '@/lib/domain/catalog/gallery';
import { addressUnsubscribeToken, readUnsubscribeToken, unsubscribeToken } from '@/lib/domain/marketing/tokens';
import { reviewerName } from '@/lib/domain/reviews/reads';
import { saleKeyAt } from '@/lib/domain/wishlist/sale-key';
import { safeReturnPath } from '@/lib/return-path';

describe('unsubscribe tokens', () => {
  const userId = 'cabc123def456ghi789jkl012';

  it('name the customer and category they were made for', () => {
    expect(readUnsubscribeToken(unsubscribeToken(userId, 'wishlist_alerts'))).toEqual({ userId, category: 'wishlist_alerts' });
  });

  it.each([
    ['another customer', (t: string) => t.replace(Buffer.from(userId).toString('base64url'), Buffer.from('cother').toString('base64url'))],
    ['another category', (t: string) => t.replace('.review_requests.', '.newsletter.')],
    ['a changed signature', (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`],
    ['a cut signature', (t: string) => t.slice(0, -10)],
    ['another version', (t: string) => t.replace(/^u1\./, 'u2.')],
    ['an extra part', (t: string) => `${t}.x`],
    ['no signature', (t: string) => t.split('.').slice(0, 3).join('.')],
  ])('refuse %s', (_label, alter) => {
    const token = unsubscribeToken(userId, 'review_requests');
    expect(readUnsubscribeToken(alter(token))).toBeNull();
  });
});

describe("unsubscribe tokens for a guest's address (Decision 097)", () => {
  const email = 'guest.buyer@example.com';
  const encoded = Buffer.from(email).toString('base64url');

  it('name the lower-cased address and category they were made for', () => {
    expect(readUnsubscribeToken(addressUnsubscribeToken(' Guest.Buyer@Example.com ', 'newsletter'))).toEqual({ email, category: 'newsletter' });
  });

  it.each([
    ['another address', (t: string) => t.replace(encoded, Buffer.from('victim@example.com').toString('base64url'))],
    ['another category', (t: string) => t.replace('.newsletter.', '.review_requests.')],
    ["an account token's version", (t: string) => t.replace(/^a1\./, 'u1.')],
    ['a changed signature', (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`],
    ['an upper-cased address', (t: string) => t.replace(encoded, Buffer.from(email.toUpperCase()).toString('base64url'))],
  ])('refuse %s', (_label, alter) => {
    expect(readUnsubscribeToken(alter(addressUnsubscribeToken(email, 'newsletter')))).toBeNull();
  });

  it("never read an account's token as an address, or the reverse", () => {
    const account = unsubscribeToken('cabc123', 'newsletter');
    expect(readUnsubscribeToken(account.replace(/^u1\./, 'a1.'))).toBeNull();
    // An address that is also a valid id shape still needs its own signature.
    const asAddress = addressUnsubscribeToken('a@b.c', 'newsletter');
    expect(readUnsubscribeToken(asAddress.replace(/^a1\./, 'u1.'))).toBeNull();
  });

  it('refuse a token longer than any real address could make', () => {
    expect(readUnsubscribeToken(addressUnsubscribeToken(`${'x'.repeat(300)}@example.com`, 'newsletter'))).toBeNull();
  });
});

describe('reviewerName', () => {
  it.each([
    ['Jane Doe', 'Jane D.'],
    ['  jane   van der berg ', 'Jane B.'],
    ['Prince', 'Prince'],
    ['', 'Customer'],
    ['émile zola', 'Émile Z.'],
  ])('%j is shown as %j', (name, shown) => {
    expect(reviewerName(name)).toBe(shown);
  });
});

describe('saleKeyAt', () => {
  const now = new Date('2026-12-01T00:00:00Z');
  const sale = { priceCents: 1000, onSale: true, salePriceCents: 700, saleStart: '2026-11-28T00:00:00.000Z', saleEnd: '2026-12-10T00:00:00.000Z' };

  it('names a running sale by its price and window, the same day after day', () => {
    expect(saleKeyAt(sale, now)).toBe('700:2026-11-28T00:00:00.000Z:2026-12-10T00:00:00.000Z');
    expect(saleKeyAt({ ...sale, saleStart: new Date(sale.saleStart), saleEnd: new Date(sale.saleEnd) }, new Date('2026-12-05T00:00:00Z'))).toBe(
      saleKeyAt(sale, now),
    );
  });

  it('gives another sale another name, and none when no sale runs', () => {
    expect(saleKeyAt({ ...sale, salePriceCents: 600 }, now)).not.toBe(saleKeyAt(sale, now));
    expect(saleKeyAt({ ...sale, saleStart: null, saleEnd: null }, now)).toBe('700::');
    expect(saleKeyAt({ ...sale, onSale: false }, now)).toBeNull();
    expect(saleKeyAt(sale, new Date('2026-12-10T00:00:00Z'))).toBeNull();
    expect(saleKeyAt({ ...sale, salePriceCents: 1000 }, now)).toBeNull();
  });
});

describe('galleryOf', () => {
  it('is the rows in order, or the main image alone, or nothing', () => {
    const rows = [{ id: 'a', imagePath: '/media/a.webp', thumbnailPath: '/media/ta.webp', alt: 'A' }];
    expect(galleryOf({ imagePath: '/media/main.webp', thumbnailPath: null, images: rows })).toEqual(rows);
    expect(galleryOf({ imagePath: '/media/main.webp', thumbnailPath: '/media/t.webp', images: [] })).toEqual([
      { id: MAIN_IMAGE_ID, imagePath: '/media/main.webp', thumbnailPath: '/media/t.webp', alt: '' },
    ]);
    expect(galleryOf({ imagePath: null, thumbnailPath: null, images: [] })).toEqual([]);
  });
});

describe('safeReturnPath', () => {
  it.each(['/product/cabc123', '/product/cabc123#reviews', '/my-wishlist', '/products?category=Clip%20Art&page=2'])('keeps the path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'product/x',
    '/a\nb',
    '/a b',
    '',
    null,
    `/${'a'.repeat(300)}`,
  ])('drops %j', (path) => {
    expect(safeReturnPath(path)).toBeNull();
  });
});
