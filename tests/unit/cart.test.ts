import { describe, expect, it } from 'vitest';
import { addToCart, addedMessage, cartSubtotal, imageSrc, parseCart, removeFromCart, type CartItem } from '@/lib/cart';

const item = (id: string, price = 5): CartItem => ({ product_id: id, title: `Design ${id}`, price, image_path: `/media/thumbs/${id}.webp`, is_bundle: false });

describe('cart rules', () => {
  it('appends a new item', () => {
    const result = addToCart([item('a')], item('b'));
    expect(result.added).toBe(true);
    expect(result.items.map((i) => i.product_id)).toEqual(['a', 'b']);
  });

  it('keeps each product at most once', () => {
    const items = [item('a')];
    const result = addToCart(items, { ...item('a'), price: 1 });
    expect(result.added).toBe(false);
    expect(result.items).toBe(items);
  });

  it('removes by product id', () => {
    expect(removeFromCart([item('a'), item('b')], 'a').map((i) => i.product_id)).toEqual(['b']);
    expect(removeFromCart([item('a')], 'zzz')).toHaveLength(1);
  });

  it('adds prices in whole cents', () => {
    expect(cartSubtotal([item('a', 0.1), item('b', 0.2)])).toBe(0.3);
    expect(cartSubtotal([item('a', 12.5), item('b', 3.99), item('c', 7)])).toBe(23.49);
    expect(cartSubtotal([])).toBe(0);
  });

  it('reads stored carts defensively', () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('not json')).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
    const stored = JSON.stringify([item('a'), { product_id: 'b' }, item('a'), { ...item('c'), is_bundle: true }]);
    expect(parseCart(stored).map((i) => [i.product_id, i.is_bundle])).toEqual([
      ['a', false],
      ['c', true],
    ]);
  });

  it('words the added toast as the spec does', () => {
    expect(addedMessage('Sunflower Wrap')).toBe('Sunflower Wrap added to cart! 🎀');
  });
});

describe('image paths', () => {
  it('prefixes relative paths with the API base and keeps http(s) URLs', () => {
    expect(imageSrc('/media/thumbs/x.webp')).toBe('/api/media/thumbs/x.webp');
    expect(imageSrc('media/x.webp')).toBe('/api/media/x.webp');
    expect(imageSrc('https://cdn.example.com/x.png')).toBe('https://cdn.example.com/x.png');
    expect(imageSrc('HTTP://cdn.example.com/x.png')).toBe('HTTP://cdn.example.com/x.png');
    expect(imageSrc(null)).toBeNull();
  });
});
