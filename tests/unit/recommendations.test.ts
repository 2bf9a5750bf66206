import { describe, expect, it } from 'vitest';
import { MAX_RECOMMENDATION_SOURCES, recommendationsQuerySchema } from '@/lib/contract/catalog';
import { mergeRecommendations } from '@/lib/domain/catalog/recommendations';

// Recommendations for a cart or an order (Decision 089).
describe('mergeRecommendations', () => {
  it('merges lists by rank, each id once, without the products asked about, up to the count', () => {
    const lists = [
      ['b', 'c', 'd'],
      ['a', 'e', 'c'],
    ];
    expect(mergeRecommendations(lists, ['a', 'b'], 10)).toEqual(['c', 'e', 'd']);
    expect(mergeRecommendations(lists, [], 2)).toEqual(['b', 'a']);
    expect(mergeRecommendations([], ['a'], 5)).toEqual([]);
  });
});

describe('recommendationsQuerySchema', () => {
  it('reads a comma-separated list of ids, each once', () => {
    expect(recommendationsQuerySchema.parse({ product_ids: ' a1, b2 ,a1,' }).product_ids).toEqual(['a1', 'b2']);
  });

  it('refuses no ids, a malformed id and more than a cart of them', () => {
    for (const product_ids of [undefined, '', ',', 'a/b', 'x'.repeat(65)])
      expect(recommendationsQuerySchema.safeParse({ product_ids }).success, String(product_ids)).toBe(false);
    const many = Array.from({ length: MAX_RECOMMENDATION_SOURCES + 1 }, (_, i) => `p${i}`).join(',');
    expect(recommendationsQuerySchema.safeParse({ product_ids: many }).success).toBe(false);
  });
});
