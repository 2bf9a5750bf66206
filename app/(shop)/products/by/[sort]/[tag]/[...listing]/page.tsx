import type { Metadata } from 'next';
import { sortedFromSegments } from '@/lib/http/listing-routes.mjs';
import type { ListingSort } from '@/lib/shop';
import { KnownListing, knownListing, knownListingMetadata } from '../../../../listing-view';
import { pageInput } from '@/lib/http/page-input';

// /products?sort=…&tag=…[&category=…&subcategory=…&page=…] without a search or
// a price range, routed here by server.mjs (lib/http/listing-routes.mjs): cached
// like /products/in. Only the five sorts reach it, and a tag outside the
// vocabulary is a 404 (never cached), so made-up values cannot grow the cache
// (Decision 088).
export const revalidate = 60;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ sort: string; tag: string; listing: string[] }> };

async function load(props: Props) {
  const { sort, tag, listing } = await pageInput(props.params);
  const params = sortedFromSegments(sort, tag, listing);
  return params && knownListing({ ...params, sort: params.sort as ListingSort, search: undefined });
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return knownListingMetadata(await load(props));
}

export default async function SortedListingPage(props: Props) {
  return <KnownListing params={await load(props)} />;
}
