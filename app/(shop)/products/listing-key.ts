// Reads back the path segment middleware.ts writes for a cached listing (see listingKey).
import { canonicalListingQuery, type ListingParams } from './listing-href';
import { parseListingParams } from './listing-params';

export function listingFromKey(segment: string): ListingParams | null {
  const text = decodeKey(segment);
  if (!text) return null;
  const query = new URLSearchParams(text);
  // Only canonical keys: one cache entry per listing, whatever the spelling of the URL.
  if (canonicalListingQuery(query) !== text) return null;
  return parseListingParams(Object.fromEntries(query));
}

function decodeKey(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(segment)) return null;
  try {
    const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}
