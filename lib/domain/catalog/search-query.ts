// What a shopper typed, as Postgres full-text queries (Decision 088). Pure, so
// the ranking rules are unit-tested without a database.
//
// Each word of the search must match (in any order); a word matches itself as
// a prefix ("sunfl" finds "sunflower") or, when it is not a word of the
// catalogue, the closest catalogue words by trigram similarity ("sunflwer"
// finds "sunflower"). Three queries rank the matches: every word in the title
// (weight A), every word in the title or tags (A, B), anywhere (descriptions, C).

/** At most this many words of a search count; the rest are ignored (a search box is not a document). */
export const MAX_SEARCH_WORDS = 8;
/** Words shorter than this are not corrected: too few trigrams to tell a typo from another word. */
export const MIN_CORRECTED_LENGTH = 4;

/**
 * The words of a search as Postgres' `simple` parser sees them: lower-case runs
 * of letters and digits. Nothing else reaches a tsquery, so no input can change
 * its syntax.
 */
export function searchWords(search: string): string[] {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** Words worth looking up in the catalogue's word list for corrections. */
export function correctableWords(words: string[]): string[] {
  return words.filter((w) => w.length >= MIN_CORRECTED_LENGTH && !/\p{N}/u.test(w));
}

/** Per search word: the catalogue words it may stand for (its corrections), the word itself excluded. */
export type Corrections = ReadonlyMap<string, readonly string[]>;

export type RankedQueries = {
  /** Every word in the title. */
  title: string;
  /** Every word in the title or the tags. */
  titleOrTags: string;
  /** Every word anywhere (title, tags, description). */
  anywhere: string;
};

function alternatives(word: string, corrections: Corrections, weights: string): string {
  // The word as a prefix, then each correction exactly.
  const options = [`${word}:*${weights}`, ...(corrections.get(word) ?? []).map((c) => `${c}${weights ? `:${weights}` : ''}`)];
  return options.length === 1 ? options[0] : `(${options.join(' | ')})`;
}

function query(words: string[], corrections: Corrections, weights: string): string {
  return words.map((word) => alternatives(word, corrections, weights)).join(' & ');
}

/** The three tsquery texts (for `to_tsquery('simple', …)`), or null when the search has no word. */
export function rankedQueries(words: string[], corrections: Corrections = new Map()): RankedQueries | null {
  if (words.length === 0) return null;
  return { title: query(words, corrections, 'A'), titleOrTags: query(words, corrections, 'AB'), anywhere: query(words, corrections, '') };
}
