import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Badge, Price } from '@/components/catalog/price';
import { getItem, getItems, getReviewSummary } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import type { CatalogItem } from '@/lib/domain/catalog';
import { licenceOptions } from '@/lib/domain/licences';
import { termsPath } from '@/lib/shop';
import { publicMediaUrl, siteUrl } from '@/lib/media';
import { productHref, tierPriceView, toCardView } from '../../catalog-views';
import { BackButton } from './back-button';
import { LicencePicker } from './licence-picker';
import { productJsonLd } from './json-ld';
import { ProductGallery } from './product-gallery';
import { ReviewsSection } from './reviews-section';
import { WishButton } from '@/components/wishlist/heart-button';
import { reviewCount, Stars } from '@/components/catalog/stars';
import { BoltIcon } from '@/components/ui/icons';
import { pageInput } from '@/lib/http/page-input';

// Rendered on first request, then served from the cache until the catalogue changes.
// An unknown id is a 404, which the cache does not keep (lib/cache/page-cache-handler.mjs);
// a failed read throws to the error page (5xx), never a 404.
export const revalidate = 60;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ id: string }> };

const validId = (id: string) => /^[a-z0-9]{1,64}$/i.test(id);

async function load(id: string): Promise<CatalogItem | null> {
  return validId(id) ? getItem(id, 'all') : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const item = await load((await pageInput(params)).id);
  if (!item) return { title: 'Product not found', robots: { index: false } };
  const url = siteUrl(productHref(item.id));
  const image = publicMediaUrl(item.imagePath, { absolute: true });
  const description = item.description.slice(0, 160) || `${item.title}: instant digital download.`;
  return {
    title: item.title,
    description,
    alternates: { canonical: url },
    openGraph: { title: item.title, description, url, type: 'website', images: image ? [{ url: image, width: 1200, height: 1200, alt: item.title }] : [] },
    twitter: { card: 'summary_large_image', title: item.title, description, images: image ? [image] : [] },
  };
}

export default async function ProductPage({ params }: Props) {
  const item = await load((await pageInput(params)).id);
  if (!item) notFound();
  const now = new Date();
  const tiers = await getLicenceTiers();
  const view = toCardView(item, now, tiers);
  const choices = licenceOptions(item, tiers, now).map((o) => ({
    key: o.key,
    name: o.name,
    summary: o.summary,
    termsUrl: termsPath(o.key),
    price: tierPriceView(o),
  }));
  const [included, reviews] = await Promise.all([item.isBundle ? getItems(item.bundleProductIds) : [], getReviewSummary(item.id)]);
  const gallery = item.images.map((image, i) => ({
    src: publicMediaUrl(image.imagePath) ?? image.imagePath,
    thumb: publicMediaUrl(image.thumbnailPath ?? image.imagePath) ?? image.imagePath,
    alt: image.alt || (i === 0 ? item.title : `${item.title}, image ${i + 1}`),
  }));
  const categoryHref = item.category ? `/products?category=${encodeURIComponent(item.category)}` : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <BackButton />
      <div className="mt-4 grid gap-10 md:grid-cols-2">
        <ProductGallery images={gallery} title={item.title} />
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            {view.price.onSale && <Badge tone="sale">SALE - {view.price.salePercent}% OFF</Badge>}
            {item.isBundle && <Badge tone="bundle">Bundle</Badge>}
          </div>
          <h1 className="text-3xl font-extrabold tracking-tight">{item.title}</h1>
          {reviews.average !== null && (
            <a href="#reviews" className="flex items-center gap-2 text-sm text-gray-800 hover:underline">
              <Stars value={reviews.average} className="text-lg" label={`Rated ${reviews.average} out of 5`} />
              {reviews.average.toFixed(1)} ({reviewCount(reviews.count)})
            </a>
          )}
          <Price price={view.price} size="lg" />
          {item.description && <p className="whitespace-pre-line text-gray-800">{item.description}</p>}
          <div className="flex flex-wrap gap-2 text-sm">
            {item.category && categoryHref && (
              // Plain <a> for /products?… links: see components/layout/category-menu.tsx.
              <a href={categoryHref} className="rounded-full bg-rose-50 px-3 py-1 font-medium text-rose-800 hover:bg-rose-100">
                {item.category}
              </a>
            )}
            {item.category && item.subcategory && (
              <a
                href={`${categoryHref}&subcategory=${encodeURIComponent(item.subcategory)}`}
                className="rounded-full bg-indigo-50 px-3 py-1 font-medium text-indigo-800 hover:bg-indigo-100"
              >
                {item.subcategory}
              </a>
            )}
          </div>
          {item.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {item.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
          <LicencePicker productId={item.id} choices={choices} item={view.cartItem} />
          <div>
            <WishButton productId={item.id} />
          </div>
          <p className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
            <BoltIcon className="mr-1 h-4 w-4 align-[-2px]" />
            Instant download: your files are available immediately after purchase.
          </p>
          {item.originalFilenames.length > 0 && (
            <div className="text-sm text-gray-700">
              <h2 className="font-semibold text-gray-900">Included files</h2>
              <ul className="mt-1 list-inside list-disc">
                {item.originalFilenames.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </div>
          )}
          {included.length > 0 && (
            <div>
              <h2 className="font-semibold">In this bundle</h2>
              <ul className="mt-2 grid gap-2">
                {included.map((p) => {
                  const thumbnail = publicMediaUrl(p.thumbnailPath ?? p.imagePath);
                  return (
                    <li key={p.id}>
                      <Link href={productHref(p.id)} className="flex items-center gap-3 text-rose-800 underline hover:text-rose-900">
                        {thumbnail && (
                          // eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3)
                          <img src={thumbnail} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded object-cover" />
                        )}
                        {p.title}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
      </div>
      <ReviewsSection productId={item.id} summary={reviews} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(item, view.price.priceCents, view.price.onSale, reviews) }} />
    </div>
  );
}
