// The one check behind "text is text": NUL and unpaired surrogates are found
// wherever they sit in a decoded value, surrogate pairs (emoji) are text, and a
// value nested deeper than the call stack is walked without overflowing it.
import { describe, expect, it } from 'vitest';
import { findNonText, isText, requireText } from '@/lib/domain/text';

describe('isText', () => {
  it.each([
    ['plain', 'Clip Art', true],
    ['a surrogate pair (emoji)', 'stars \ud83c\udf1f', true],
    ['U+FFFD (what an invalid UTF-8 escape decodes to)', 'a\ufffd', true],
    ['other control characters', 'tab\tnew\nline', true],
    ['NUL', 'a\u0000', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate', '\udc00b', false],
    ['a high surrogate at the end', 'a\udbff', false],
    ['a reversed pair', '\udf1f\ud83c', false],
  ])('%s', (_label, value, expected) => {
    expect(isText(value)).toBe(expected);
  });
});

describe('findNonText', () => {
  it('names the first value that is not text by its path, object keys included', () => {
    expect(findNonText({ items: [{ id: 'p1' }, { id: 'p\u0000' }] })).toBe('items.1.id');
    expect(findNonText({ ok: 'x', 'bad\ud800': 1 })).toBe('bad\ud800');
    expect(findNonText('\u0000')).toBe('');
    expect(findNonText({ a: 1, b: null, c: true, d: ['x', { e: 'y' }] })).toBeNull();
  });

  it('walks 100,000 levels of nesting', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNonText(deep)?.split('.')).toHaveLength(100_000);
  });
});

describe('requireText', () => {
  it('throws invalid_request naming a printable field', () => {
    expect(() => requireText({ search: 'a\u0000' })).toThrow(expect.objectContaining({ code: 'invalid_request', fields: { search: [expect.any(String)] } }));
  });

  it('never echoes a key a client chose when it is not a plain name', () => {
    expect(() => requireText({ '<script>\u0000': 'x' })).toThrow(
      expect.objectContaining({ code: 'invalid_request', fields: undefined, message: expect.not.stringContaining('<script>') }),
    );
  });

  it('lets text through', () => {
    expect(() => requireText({ search: 'stars \ud83c\udf1f', page: ['1'] })).not.toThrow();
  });
});
