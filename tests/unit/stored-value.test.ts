import { describe, expect, it } from 'vitest';
import { readUserRecord } from '@/components/account/use-user';
import { readCartRecord } from '@/lib/cart';
import { parseStoredValue } from '@/lib/stored-value';

// The browser's records are text anyone can edit: what the stored-value hook
// hands to components is what these readers let through.

describe('stored values', () => {
  it('reads an absent, non-JSON or wrongly shaped record as absent', () => {
    expect(parseStoredValue(null, readUserRecord)).toBeNull();
    expect(parseStoredValue('{not json', readUserRecord)).toBeNull();
    expect(parseStoredValue('"a string"', readUserRecord)).toBeNull();
    expect(parseStoredValue(JSON.stringify({ id: 7, email: 'a@example.com' }), readUserRecord)).toBeNull();
    expect(parseStoredValue(JSON.stringify({ items: [] }), readCartRecord)).toBeNull();
  });

  it('reads the user record, filling a missing name and member flag and dropping anything else', () => {
    const full = { id: 'u1', email: 'ada@example.com', name: 'Ada', is_member: true };
    expect(parseStoredValue(JSON.stringify({ ...full, token: 'leaked' }), readUserRecord)).toEqual(full);
    expect(parseStoredValue(JSON.stringify({ id: 'u1', email: 'ada@example.com', name: 5, is_member: 'yes' }), readUserRecord)).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      name: 'ada@example.com',
      is_member: false,
    });
  });

  it('keeps the well-formed cart items, the first of each product, with their optional fields defaulted', () => {
    const good = { product_id: 'a', title: 'A', price: 5, image_path: '/media/a.webp', is_bundle: true };
    const stored = [good, { product_id: 'b', title: 'B' }, { ...good, price: 1 }, { product_id: 'c', title: 'C', price: 2, image_path: 3 }];
    expect(parseStoredValue(JSON.stringify(stored), readCartRecord)).toEqual([
      good,
      { product_id: 'c', title: 'C', price: 2, image_path: null, is_bundle: false },
    ]);
  });
});
