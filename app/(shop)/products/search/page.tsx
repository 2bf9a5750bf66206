import type { Metadata } from 'next';
import { KnownListing, knownListing, knownListingMetadata } from '../listing-view';
import { parseListingParams } from '../listing-params';
import { pageInput } from '@/lib/http/page-input';

// Searches within a category, and names or terms over 100 characters, routed
// here by server.mjs (lib/http/listing-routes.mjs): rendered per request, never
// cached, so random strings cannot fill the cache (plain searches go to ../found,
// Decisions 069).
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load({ searchParams }: Props) {
  const params = parseListingParams(await pageInput(searchParams));
  // A search narrows within whatever category it names; a browse listing of an unknown category is a 404.
  return params.search ? params : knownListing(params);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return knownListingMetadata(await load(props));
}

export default async function SearchListingPage(props: Props) {
  return <KnownListing params={await load(props)} />;
}
