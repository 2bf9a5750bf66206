// The /products listing, shared by its four routes: the default listing
// (static), category/subcategory/page listings (ISR, reached by a rewrite),
// plain searches (ISR, stored only for popular terms: Decisions 069) and
// everything else (per request). See docs/decisions/023.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProductGrid } from '@/components/catalog/product-card';
import { ImageIcon } from '@/components/ui/content-icons';
import { BannerStrip } from '@/components/layout/banner-strip';
import { DEFAULT_BANNER } from '@/lib/banner';
import { getBanner, getCategories, getListing, getTags } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import type { CategoryRecord } from '@/lib/domain/catalog';
import { formatDate } from '@/lib/format';
import { publicMediaUrl, siteUrl } from '@/lib/media';
import { PRODUCTS_PAGE_SIZE } from '@/lib/shop';
import { toCardView } from '../catalog-views';
import { ProductFilters } from './product-filters';
import { ListingControls, TagFilterNote } from './listing-controls';
import { Pagination } from './pagination';
import { listingHref, type ListingParams } from './listing-href';

export function listingMetadata(params: ListingParams): Metadata {
  const scope = [params.category, params.subcategory, params.tag && `#${params.tag}`].filter(Boolean).join(' / ');
  const title = scope ? `${scope} designs` : 'Digital Products';
  // Another order or a price range shows the same products as the listing itself.
  const { category, subcategory, tag, search, page } = params;
  const narrowed = params.sort !== undefined || params.minPriceCents !== undefined || params.maxPriceCents !== undefined;
  return {
    title,
    description: scope
      ? `Shop ${scope} digital designs: instant download, priced in AUD.`
      : 'Browse every print-ready design, clip art set and bundle in the shop.',
    alternates: { canonical: siteUrl(listingHref({ category, subcategory, tag, search, page })) },
    // Search result pages are thin duplicates of the catalogue.
    robots: search || narrowed ? { index: false, follow: true } : undefined,
  };
}

async function logged<T>(load: Promise<T>, fallback: T, what: string): Promise<T> {
  return load.catch((error) => {
    console.error(`[products] ${what} failed to load`, error);
    return fallback;
  });
}

/**
 * The listing to show, or null (a 404) when its category or subcategory does
 * not exist: a made-up name never renders, so it never fills a cache either.
 * A failed read of the categories throws (the error page, a 5xx): a database
 * outage must never look like a missing category.
 */
export async function knownListing(params: ListingParams): Promise<ListingParams | null> {
  // Tags too: only the vocabulary's, so a made-up tag is a 404 that no cache keeps (Decision 088).
  if (params.tag && !(await getTags()).some((t) => t.name === params.tag)) return null;
  if (!params.category) return params;
  const category = (await getCategories()).find((c) => c.name === params.category);
  if (!category || (params.subcategory && !category.subcategories.includes(params.subcategory))) return null;
  return params;
}

/** Metadata for a listing that may not exist (then a 404 page that is never indexed). */
export function knownListingMetadata(params: ListingParams | null): Metadata {
  return params ? listingMetadata(params) : { title: 'Not found', robots: { index: false } };
}

/** The listing, or the 404 page (never cached) when its category or subcategory does not exist. */
export function KnownListing({ params }: { params: ListingParams | null }) {
  if (!params) notFound();
  return <ListingView params={params} />;
}

/**
 * Only the banner has a stand-in: without the categories or the products the
 * page would say the shop is empty (and be cached so), so their failures throw
 * to the error page.
 */
export async function ListingView({ params }: { params: ListingParams }) {
  const [banner, categories, listing, tiers] = await Promise.all([
    logged(getBanner(), DEFAULT_BANNER, 'banner'),
    getCategories(),
    getListing({
      kind: 'all',
      category: params.category,
      subcategory: params.subcategory,
      search: params.search,
      tag: params.tag,
      sort: params.sort,
      minPriceCents: params.minPriceCents,
      maxPriceCents: params.maxPriceCents,
      limit: PRODUCTS_PAGE_SIZE,
      offset: (params.page - 1) * PRODUCTS_PAGE_SIZE,
    }),
    getLicenceTiers(),
  ]);
  const now = new Date();
  const pages = Math.max(1, Math.ceil(listing.total / PRODUCTS_PAGE_SIZE));
  // Pages past the end of a browse listing are 404s, neither cached nor shown as empty pages;
  // a price range with nothing in it says so on its first page.
  const priced = params.minPriceCents !== undefined || params.maxPriceCents !== undefined;
  if (params.page > pages && !params.search && !(priced && params.page === 1)) notFound();
  return (
    <>
      <BannerStrip message={banner} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight">Digital Products</h1>
        {!params.category && !params.tag && <CategoryGrid categories={categories} />}
        <ProductFilters
          categories={categories.map((c) => ({ name: c.name, subcategories: c.subcategories }))}
          category={params.category ?? ''}
          subcategory={params.subcategory ?? ''}
          search={params.search ?? ''}
          keep={{ tag: params.tag, sort: params.sort, minPriceCents: params.minPriceCents, maxPriceCents: params.maxPriceCents }}
        />
        {params.tag && <TagFilterNote params={params} />}
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <p className="text-sm text-gray-700" aria-live="polite">
            {listing.total} {listing.total === 1 ? 'item' : 'items'}
          </p>
          <ListingControls params={params} />
        </div>
        {/* Without a category the category grid fills the first screen, so card images can wait. */}
        <ProductGrid products={listing.items.map((item) => toCardView(item, now, tiers))} priorityCount={params.category ? 4 : 0} />
        {pages > 1 && <Pagination params={params} pages={pages} />}
      </div>
    </>
  );
}

function CategoryGrid({ categories }: { categories: CategoryRecord[] }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="browse-by-category" className="mt-8">
      <h2 id="browse-by-category" className="mb-4 text-xl font-bold">
        Browse by Category
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {categories.map((c, i) => {
          const image = publicMediaUrl(c.displayImagePath);
          // The first row is the largest thing on a phone's first screen (the LCP): fetch it at once.
          const first = i < 2;
          return (
            <li key={c.id}>
              {/* Plain <a> for /products?… links: see components/layout/category-menu.tsx. */}
              <a
                href={listingHref({ category: c.name, page: 1 })}
                className="block overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm hover:shadow-md"
              >
                <div className="aspect-[4/3] bg-gradient-to-br from-brand-100 to-accent-100">
                  {image ? (
                    // eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3)
                    <img
                      src={image}
                      alt=""
                      width={480}
                      height={360}
                      className="h-full w-full object-cover"
                      loading={first ? undefined : 'lazy'}
                      fetchPriority={first ? 'high' : undefined}
                      decoding="async"
                    />
                  ) : (
                    <span className="flex h-full items-center justify-center text-brand-700">
                      <ImageIcon className="h-10 w-10" />
                    </span>
                  )}
                </div>
                <div className="p-3">
                  <h3 className="font-semibold">{c.name}</h3>
                  <p className="text-xs text-gray-700">Updated {c.updatedAt ? formatDate(c.updatedAt) : 'Recently'}</p>
                </div>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
