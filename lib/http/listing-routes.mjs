// /products keeps the spec's query-string URLs (?category=…&subcategory=…&page=…,
// ?search=…). The shop's server (server.mjs) hands each of them to Next under a
// path that names the listing, so that a browse listing is a cached page like a
// product page (Decisions 023, 079):
//   /products/in/{category}[/{subcategory}]/{page}, /products/in/{page}  cached (ISR)
//   /products/by/{sort}/{tag|~}[/{category}[/{subcategory}]]/{page}
//                                   another order or a tag (Decision 088): cached
//                                   like /products/in; only the five sorts and,
//                                   on the page, only tags of the vocabulary
//   /products/found/{term}/{page}   a search without a category: cached once asked
//                                   for twice, bounded (Decisions 069)
//   /products/search?…              every other search and every price filter,
//                                   rendered per request
// Anything else stays /products (the prerendered default listing).
//
// Why here and not next.config.ts rewrites (Decisions 046 until 079): Next
// compiles the source pattern of every rewrite rule for every page request
// (product pages and the home page included), and a rewritten listing pays for
// Next's rewrite machinery on top: measured, 4 % of every cached page and up to a
// quarter of a cached listing. server.mjs touches every request anyway; one
// string check here costs nothing measurable.
//
// Names and terms go into the path in a form without '%' (encodeSegment), so
// middleware.ts, which checks every path containing '%', never runs for a
// listing, and the pages read back only the exact form written here (a hand-made
// spelling of a listing is a 404, never a second cache entry).
//
// Plain JavaScript, no imports: server.mjs runs it without a build.

export const LISTING_ROUTE = '/products/in';
export const SEARCH_ROUTE = '/products/found';
export const SORTED_ROUTE = '/products/by';
export const PER_REQUEST_ROUTE = '/products/search';
/** The listing orders (lib/shop.ts LISTING_SORTS; a unit test keeps the two equal). */
export const SORTS = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'];
/** The tag segment of a sorted listing without a tag: no encoded name reads '~' alone. */
export const NO_TAG = '~';

const MAX_NAME = 100;
/** Pages 2–10,000 without leading zeros; anything else is page 1, as on the page itself. */
const LATER_PAGE = /^(?:[2-9]|[1-9]\d{1,3}|10000)$/;
const ANY_PAGE = /^(?:1|[2-9]|[1-9]\d{1,3}|10000)$/;

/**
 * A name or term as a path segment: percent-encoding with '~' in place of '%'
 * ('~' and '.' encoded too, so no name reads as a dot segment), so the segment
 * contains no '%' and URL parsing leaves it as it is.
 */
export function encodeSegment(text) {
  return encodeURIComponent(text).replace(/~/g, '%7E').replace(/\./g, '%2E').replace(/%/g, '~');
}

/** The text of a segment written by encodeSegment, or null for any other spelling. */
export function decodeSegment(segment) {
  if (segment.includes('%')) return null;
  let text;
  try {
    text = decodeURIComponent(segment.replace(/~/g, '%'));
  } catch {
    return null;
  }
  return encodeSegment(text) === segment ? text : null;
}

/** Last of repeated keys, as Next's routing reads them; undefined when absent. */
function last(query, key) {
  const values = query.getAll(key);
  return values.length ? values[values.length - 1] : undefined;
}

/**
 * A usable name: trimmed, 1–100 characters, no NUL byte; null otherwise. A NUL is
 * never text (lib/domain/text.ts): such a query stays on the per-request page,
 * which answers not-found, and such a segment is no listing.
 */
function nameOf(value) {
  const name = value?.trim();
  return name && name.length <= MAX_NAME && !name.includes('\u0000') ? name : null;
}

/**
 * The category part of a listing's path: [], [category] or [category,
 * subcategory], encoded; null when a name cannot be a path (a per-request page).
 */
function scopeSegments(category, subcategory) {
  if (category === undefined || !category.trim()) return [];
  const name = nameOf(category);
  if (!name) return null;
  if (subcategory === undefined || !subcategory.trim()) return [encodeSegment(name)];
  const sub = nameOf(subcategory);
  return sub ? [encodeSegment(name), encodeSegment(sub)] : null;
}

/** Where a /products request goes: its query alone decides. */
export function listingTarget(search) {
  const query = new URLSearchParams(search);
  const searchText = last(query, 'search');
  const category = last(query, 'category');
  const subcategory = last(query, 'subcategory');
  const page = last(query, 'page');
  const tag = last(query, 'tag');
  // An unknown order is no order, as on the page itself; `newest` is the default's name.
  const sortText = last(query, 'sort');
  const sort = SORTS.includes(sortText) ? sortText : undefined;
  const tagged = tag !== undefined && tag.trim() !== '';
  // A price range is whatever a stranger types: never a cached page (Decision 088).
  const priced = ['min_price', 'max_price'].some((key) => last(query, key)?.trim());
  if (searchText !== undefined && searchText.trim()) {
    const term = nameOf(searchText);
    const plain =
      category === undefined && subcategory === undefined && !tagged && !priced && sort === undefined && (page === undefined || ANY_PAGE.test(page));
    if (term && plain) return `${SEARCH_ROUTE}/${encodeSegment(term)}/${page ?? 1}`;
    return PER_REQUEST_ROUTE;
  }
  if (priced) return PER_REQUEST_ROUTE;
  const pagePart = page !== undefined && LATER_PAGE.test(page) ? page : '1';
  const scope = scopeSegments(category, subcategory);
  if (scope === null) return PER_REQUEST_ROUTE;
  if (tagged || (sort !== undefined && sort !== 'newest')) {
    const tagName = tagged ? nameOf(tag) : NO_TAG;
    if (!tagName) return PER_REQUEST_ROUTE;
    // Tags are lower-case (the vocabulary's rule), so every spelling shares the one path.
    const tagPart = tagged ? encodeSegment(tagName.toLowerCase()) : NO_TAG;
    return [SORTED_ROUTE, sort ?? 'newest', tagPart, ...scope, pagePart].join('/');
  }
  if (scope.length === 0) return pagePart === '1' ? null : `${LISTING_ROUTE}/${pagePart}`;
  return [LISTING_ROUTE, ...scope, pagePart].join('/');
}

/**
 * The URL Next should serve for a request URL: a /products listing's route (with
 * the query kept, as a rewrite keeps it), or the URL unchanged. Next matches
 * page paths case-insensitively, so /Products is /products too.
 */
export function routeListing(url) {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const path = url.slice(0, queryAt);
  if (path.length !== 9 || path.toLowerCase() !== '/products') return url;
  const target = listingTarget(url.slice(queryAt + 1));
  return target ? target + url.slice(queryAt) : url;
}

/** Reads a cached search's path segments back, or null when routeListing never writes them. */
export function searchFromSegments(termSegment, pageText) {
  const term = decodeSegment(termSegment);
  if (term === null || nameOf(term) !== term || !ANY_PAGE.test(pageText)) return null;
  return { search: term, page: Number(pageText) };
}

/**
 * Reads a cached listing's path segments back, or null when they are not
 * exactly what routeListing writes (so a hand-made path cannot add cache
 * entries for spellings of a listing that already has one).
 */
export function listingFromSegments(segments) {
  if (segments.length < 1 || segments.length > 3) return null;
  const pageText = segments[segments.length - 1];
  if (!ANY_PAGE.test(pageText) || (segments.length === 1 && pageText === '1')) return null;
  const names = segments.slice(0, -1).map(decodeSegment);
  if (names.some((name) => name === null || nameOf(name) !== name)) return null;
  const [category, subcategory] = names;
  return { category, subcategory, page: Number(pageText) };
}

/**
 * Reads a sorted or tagged listing's path segments back, or null when
 * routeListing never writes them (an unknown sort, a tag not in lower case, the
 * default order without a tag: that listing's path is /products/in).
 */
export function sortedFromSegments(sortSegment, tagSegment, segments) {
  if (!SORTS.includes(sortSegment)) return null;
  let tag;
  if (tagSegment !== NO_TAG) {
    tag = decodeSegment(tagSegment);
    if (tag === null || nameOf(tag) !== tag || tag.toLowerCase() !== tag) return null;
  }
  if (tag === undefined && sortSegment === 'newest') return null;
  if (segments.length < 1 || segments.length > 3) return null;
  const pageText = segments[segments.length - 1];
  if (!ANY_PAGE.test(pageText)) return null;
  const names = segments.slice(0, -1).map(decodeSegment);
  if (names.some((name) => name === null || nameOf(name) !== name)) return null;
  const [category, subcategory] = names;
  return { sort: sortSegment, tag, category, subcategory, page: Number(pageText) };
}
