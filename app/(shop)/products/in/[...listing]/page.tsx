import type { Metadata } from 'next';
import { listingFromSegments } from '@/lib/http/listing-routes.mjs';
import { KnownListing, knownListing, knownListingMetadata } from '../../listing-view';
import { pageInput } from '@/lib/http/page-input';

// /products?category=…&subcategory=…&page=… without a search, routed here by
// server.mjs (lib/http/listing-routes.mjs): rendered on first request, then
// served from the cache like a product page. Unknown categories are 404s, so
// made-up names cannot grow the cache.
export const revalidate = 60;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ listing: string[] }> };

async function load(props: Props) {
  const params = listingFromSegments((await pageInput(props.params)).listing);
  return params && knownListing({ ...params, search: undefined });
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return knownListingMetadata(await load(props));
}

export default async function FilteredListingPage(props: Props) {
  return <KnownListing params={await load(props)} />;
}
