import type { Metadata } from 'next';
import { ListingView, listingMetadata } from './listing-view';

// The default listing reads no query, so it is prerendered and served from the
// full-route cache; filtered and searched listings are routed elsewhere by
// server.mjs (lib/http/listing-routes.mjs) before they reach this route.
export const revalidate = 60;

const DEFAULT_LISTING = { page: 1 };

export const metadata: Metadata = listingMetadata(DEFAULT_LISTING);

export default function ProductsPage() {
  return <ListingView params={DEFAULT_LISTING} />;
}
