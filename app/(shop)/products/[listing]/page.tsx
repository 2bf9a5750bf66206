import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getCategories } from '@/lib/cache/catalog';
import { ListingView, listingMetadata } from '../listing-view';
import { listingFromKey } from '../listing-key';

// /products?category=…&subcategory=…&page=… without a search, rewritten here
// by middleware.ts: rendered on first request, then served from the cache like
// a product page. Unknown categories are 404s, so made-up keys cannot grow the cache.
export const revalidate = 60;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ listing: string }> };

async function load(props: Props) {
  const params = listingFromKey((await props.params).listing);
  if (!params?.category) return params;
  const category = (await getCategories()).find((c) => c.name === params.category);
  if (!category || (params.subcategory && !category.subcategories.includes(params.subcategory))) return null;
  return params;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const params = await load(props);
  return params ? listingMetadata(params) : { title: 'Not found', robots: { index: false } };
}

export default async function FilteredListingPage(props: Props) {
  const params = await load(props);
  if (!params) notFound();
  return <ListingView params={params} />;
}
