// /products keeps the spec's query-string URLs (?category=…&subcategory=…&page=…,
// ?search=…). These rewrites (next.config.ts, applied before the filesystem
// routes) send each browse listing to a cached route whose path names it,
// /products/in/{category}[/{subcategory}]/{page} or /products/in/{page}, a
// search without a category to /products/found/{term}/{page} (cached only for
// terms asked for twice: Decisions 069), and everything else to the
// per-request route. Config rewrites rather than middleware: a middleware
// rewrite costs about 2 ms of one core per request, more than serving the
// cached page itself (docs/decisions/023, 046).
//
// Next inserts a captured value into the destination path as it is, so a
// value is only captured when it is path-safe: no / ? # % \ or control
// characters, at most 100 characters, and the pattern trims it. A listing with
// any other value (rare: a category named "Cards/Prints") renders per request.
// Next anchors every `has` pattern (^…$) and reads the last of repeated keys.
// No imports: next.config.ts loads this file before anything is built.

/** A character of a listing name in a path, and one that may start or end it (no white space). */
const NAME_CHAR = String.raw`[^\x00-\x1f/?#%\\]`;
const EDGE_CHAR = String.raw`[^\s\x00-\x1f/?#%\\]`;
const SAFE_NAME = `${EDGE_CHAR}(?:${NAME_CHAR}{0,98}${EDGE_CHAR})?`;
/** Pages 2–10,000 without leading zeros; anything else is page 1, as on the page itself. */
const PAGE = String.raw`[2-9]|[1-9]\d{1,3}|10000`;
const UNSAFE = String.raw`(?:[\s\S]*[\x00-\x1f/?#%\\][\s\S]*|[\s\S]{101,})`;
const NOT_BLANK = String.raw`[\s\S]*\S[\s\S]*`;

export const LISTING_ROUTE = '/products/in';
export const SEARCH_ROUTE = '/products/found';
const PER_REQUEST_ROUTE = '/products/search';

type Has = { type: 'query'; key: string; value?: string };
type Rewrite = { source: string; has: Has[]; missing?: Has[]; destination: string };

const query = (key: string, value: string): Has => ({ type: 'query', key, value });
const absent = (key: string): Has => ({ type: 'query', key });
const named = (name: string) => query(name, String.raw`\s*(?<${name}>${SAFE_NAME})\s*`);
const page = query('page', `(?<page>${PAGE})`);
const to = (destination: string, ...has: Has[]): Rewrite => ({ source: '/products', has, destination });
/** A search that names no category or subcategory (a category search renders per request). */
const searchOnly = (destination: string, has: Has[], missing: string[]): Rewrite => ({
  ...to(destination, ...has),
  missing: ['category', 'subcategory', ...missing].map(absent),
});

/** First match wins: each destination is outside /products, so no later rule matches it. */
export const listingRewrites: Rewrite[] = [
  searchOnly(`${SEARCH_ROUTE}/:search/:page`, [named('search'), query('page', `(?<page>1|${PAGE})`)], []),
  searchOnly(`${SEARCH_ROUTE}/:search/1`, [named('search')], ['page']),
  to(PER_REQUEST_ROUTE, query('search', NOT_BLANK)),
  to(PER_REQUEST_ROUTE, query('category', UNSAFE)),
  to(PER_REQUEST_ROUTE, named('category'), query('subcategory', UNSAFE)),
  to(`${LISTING_ROUTE}/:category/:subcategory/:page`, named('category'), named('subcategory'), page),
  to(`${LISTING_ROUTE}/:category/:subcategory/1`, named('category'), named('subcategory')),
  to(`${LISTING_ROUTE}/:category/:page`, named('category'), page),
  to(`${LISTING_ROUTE}/:category/1`, named('category')),
  to(`${LISTING_ROUTE}/:page`, page),
];

const SAFE_NAME_EXACT = new RegExp(`^${SAFE_NAME}$`);
const PAGE_EXACT = new RegExp(`^(?:1|${PAGE})$`);

/** Reads a cached search's path segments back, or null when the rewrites never write them. */
export function searchFromSegments(term: string, pageText: string): { search: string; page: number } | null {
  if (!SAFE_NAME_EXACT.test(term) || !PAGE_EXACT.test(pageText)) return null;
  return { search: term, page: Number(pageText) };
}

/**
 * Reads a cached listing's path segments back, or null when they are not
 * exactly what the rewrites write (so a hand-made path cannot add cache
 * entries for spellings of a listing that already has one).
 */
export function listingFromSegments(segments: string[]): { category?: string; subcategory?: string; page: number } | null {
  if (segments.length < 1 || segments.length > 3) return null;
  const pageText = segments[segments.length - 1];
  const [category, subcategory] = segments.slice(0, -1);
  if (!PAGE_EXACT.test(pageText) || (!category && pageText === '1')) return null;
  if ([category, subcategory].some((name) => name !== undefined && !SAFE_NAME_EXACT.test(name))) return null;
  return { category, subcategory, page: Number(pageText) };
}
