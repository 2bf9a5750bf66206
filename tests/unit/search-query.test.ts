import { describe, expect, it } from 'vitest';
import { correctableWords, rankedQueries, searchWords } from '@/lib/domain/catalog/search-query';

// How a search becomes the three ranked full-text queries (Decision 088).
describe('search words and ranked queries', () => {
  it('takes lower-case runs of letters and digits, each once, at most eight', () => {
    expect(searchWords('Sunflwer  MUG!')).toEqual(['sunflwer', 'mug']);
    expect(searchWords("o'brien & | ! <-> :* \\")).toEqual(['o', 'brien']);
    expect(searchWords('Café 100%')).toEqual(['café', '100']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('%%%')).toEqual([]);
  });

  it('corrects only words long enough and without digits', () => {
    expect(correctableWords(['mug', 'sunflwer', 'a4', 'size10'])).toEqual(['sunflwer']);
  });

  it('ranks title, then title or tags, then anywhere; each word a prefix or one of its corrections', () => {
    const queries = rankedQueries(['sunflwer', 'mug'], new Map([['sunflwer', ['sunflower', 'sunflowers']]]));
    expect(queries).toEqual({
      title: '(sunflwer:*A | sunflower:A | sunflowers:A) & mug:*A',
      titleOrTags: '(sunflwer:*AB | sunflower:AB | sunflowers:AB) & mug:*AB',
      anywhere: '(sunflwer:* | sunflower | sunflowers) & mug:*',
    });
    expect(rankedQueries([])).toBeNull();
  });
});
