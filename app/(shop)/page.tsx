import Link from 'next/link';
import { ProductGrid } from '@/components/catalog/product-card';
import { BannerStrip } from '@/components/layout/banner-strip';
import { CategoryMenu } from '@/components/layout/category-menu';
import { DEFAULT_BANNER } from '@/lib/banner';
import { getBanner, getCategories, getNewestProducts } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { siteUrl } from '@/lib/media';
import { NEW_PRODUCTS_COUNT } from '@/lib/shop';
import { buttonClass } from '@/components/ui/button';
import { toCardView } from './catalog-views';

export const revalidate = 60;

export const metadata = { alternates: { canonical: siteUrl('/') } };

// Icon paths are inline SVG: emoji depend on the visitor's fonts.
const FEATURES = [
  {
    title: 'Print Ready',
    text: 'Purchase, download, and print your design instantly',
    icon: 'M6 9V2h12v7M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v8H6z',
  },
  { title: 'Clip Art', text: 'Create and sell your own designs using our exclusive clip art', icon: 'M12 2l3 7h7l-5.5 4.5L18 21l-6-4-6 4 1.5-7.5L2 9h7z' },
  { title: 'Instant Download', text: 'Receive your files immediately after purchase', icon: 'M12 3v12m0 0l-5-5m5 5l5-5M4 21h16' },
];

async function orDefault<T>(load: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    console.error(`[home] ${what} failed to load`, error);
    return fallback;
  }
}

// Only the banner has a stand-in: a home page without categories or products
// would say the shop is empty and be cached so; their failures throw to the
// error page, and the cached home keeps being served meanwhile.
export default async function HomePage() {
  const [banner, categories, newest, tiers] = await Promise.all([
    orDefault(getBanner(), DEFAULT_BANNER, 'banner'),
    getCategories(),
    getNewestProducts(NEW_PRODUCTS_COUNT),
    getLicenceTiers(),
  ]);
  const now = new Date();
  return (
    <>
      <BannerStrip message={banner} />
      <CategoryMenu categories={categories} />
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-100 via-warning-50 to-accent-100">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 md:text-5xl">Print-ready designs, instantly yours</h1>
            <p className="mt-4 max-w-prose text-lg text-gray-700">
              Sublimation designs, clip art, wall art and money-saving bundles. Pay in AUD, download in seconds.
            </p>
            <Link href="/products" className={buttonClass({ size: 'lg', className: 'mt-8 rounded-xl px-8 text-lg shadow' })}>
              Shop Now
            </Link>
          </div>
          <div aria-hidden="true" className="hidden grid-cols-3 gap-3 md:grid">
            {/* Lazy: this column is hidden on phones, where an eager image would still be downloaded. */}
            {newest.slice(0, 3).map((p) => (
              // eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3)
              <img
                key={p.id}
                src={toCardView(p, now, tiers).imageUrl ?? ''}
                alt=""
                width={480}
                height={480}
                loading="lazy"
                decoding="async"
                className="aspect-square rounded-2xl object-cover shadow-lg odd:translate-y-4"
              />
            ))}
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-7xl gap-4 px-4 py-12 sm:grid-cols-3" aria-label="Why shop with us">
        {FEATURES.map((f) => (
          <div key={f.title} className="rounded-2xl bg-white p-6 text-center shadow-sm">
            <svg
              className="mx-auto h-10 w-10 text-brand-700"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d={f.icon} />
            </svg>
            <h2 className="mt-3 text-lg font-bold">{f.title}</h2>
            <p className="mt-1 text-gray-700">{f.text}</p>
          </div>
        ))}
      </section>
      <section className="mx-auto max-w-7xl px-4 pb-16" aria-labelledby="new-products">
        <h2 id="new-products" className="mb-6 text-2xl font-bold">
          New Products
        </h2>
        <ProductGrid products={newest.map((p) => toCardView(p, now, tiers))} columns={3} />
        <div className="mt-10 text-center">
          <Link href="/products" className={buttonClass({ variant: 'secondary', size: 'lg', className: 'rounded-xl border-2 border-gray-900 px-8' })}>
            View All Products
          </Link>
        </div>
      </section>
    </>
  );
}
