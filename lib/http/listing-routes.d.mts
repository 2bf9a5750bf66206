// Types for listing-routes.mjs (plain JavaScript so that server.mjs runs it without a build).
export const LISTING_ROUTE: string;
export const SEARCH_ROUTE: string;
export const SORTED_ROUTE: string;
export const PER_REQUEST_ROUTE: string;
export const SORTS: string[];
export const NO_TAG: string;
export function encodeSegment(text: string): string;
export function decodeSegment(segment: string): string | null;
export function listingTarget(search: string): string | null;
export function routeListing(url: string): string;
export function searchFromSegments(termSegment: string, pageText: string): { search: string; page: number } | null;
export function listingFromSegments(segments: string[]): { category?: string; subcategory?: string; page: number } | null;
export function sortedFromSegments(
  sortSegment: string,
  tagSegment: string,
  segments: string[],
): { sort: string; tag?: string; category?: string; subcategory?: string; page: number } | null;
