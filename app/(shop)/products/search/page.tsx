import type { Metadata } from 'next';
import { ListingView, listingMetadata } from '../listing-view';
import { parseListingParams } from '../listing-params';

// /products?search=…, rewritten here by middleware.ts: free text is rendered
// per request (never cached, so random strings cannot fill the cache).
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return listingMetadata(parseListingParams(await searchParams));
}

export default async function SearchListingPage({ searchParams }: Props) {
  return <ListingView params={parseListingParams(await searchParams)} />;
}
