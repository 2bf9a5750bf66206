import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListingView, knownListing, listingMetadata } from '../listing-view';
import { parseListingParams } from '../listing-params';

// /products?search=…, and listings named with characters a path cannot carry,
// rewritten here by next.config.ts (lib/http/listing-rewrites.ts): rendered per
// request, never cached, so random strings cannot fill the cache.
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load({ searchParams }: Props) {
  const params = parseListingParams(await searchParams);
  // A search narrows within whatever category it names; a browse listing of an unknown category is a 404.
  return params.search ? params : knownListing(params);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const params = await load(props);
  return params ? listingMetadata(params) : { title: 'Not found', robots: { index: false } };
}

export default async function SearchListingPage(props: Props) {
  const params = await load(props);
  if (!params) notFound();
  return <ListingView params={params} />;
}
