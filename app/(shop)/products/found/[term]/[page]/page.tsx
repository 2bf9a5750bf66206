import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { searchFromSegments } from '@/lib/http/listing-routes.mjs';
import { ListingView, listingMetadata } from '../../../listing-view';
import { pageInput } from '@/lib/http/page-input';

// /products?search=…[&page=…] without a category, routed here by server.mjs
// (lib/http/listing-routes.mjs).
// An ISR route like /products/in, but its entries are kept by the cache
// handler only for terms asked for twice, a bounded number of them, for
// minutes (lib/cache/search-entries.mjs, Decisions 069): a popular search is
// served like any cached page, a new one is rendered as it always was. The
// catalogue tag (every admin write) and the minute below refresh them.
export const revalidate = 60;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ term: string; page: string }> };

async function load(props: Props) {
  const { term, page } = await pageInput(props.params);
  return searchFromSegments(term, page);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const params = await load(props);
  return params ? listingMetadata(params) : { title: 'Not found', robots: { index: false } };
}

export default async function FoundListingPage(props: Props) {
  const params = await load(props);
  if (!params) notFound();
  return <ListingView params={params} />;
}
