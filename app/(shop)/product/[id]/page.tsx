import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { Badge } from '@/components/ui/badge';
import { ChipLink } from '@/components/ui/chip';
import { Notice } from '@/components/ui/card';
import { isFreePrice, Price } from '@/components/ui/price';
import { getItem, getItems } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { getIdentity } from '@/lib/cache/shop';
import type { CatalogItem } from '@/lib/domain/catalog';
import { licenceOptions } from '@/lib/domain/licences';
import { tagListingPath, termsPath } from '@/lib/shop';
import { publicMediaUrl, siteUrl } from '@/lib/media';
import { productHref, tierPriceView, toCardView } from '../../catalog-views';
import { BackButton } from './back-button';
import { BoughtTogether } from './bought-together';
import { FreeDownloadForm } from './free-download-lazy';
import { LicencePicker } from './licence-picker';
import { ProductGallery } from './product-gallery';
import { ProductReviews, RatingLink } from './product-reviews';
import { WishButton } from '@/components/wishlist/heart-button';
import { BoltIcon } from '@/components/ui/content-icons';
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
  const [tiers, included, identity] = await Promise.all([
    getLicenceTiers(),
    item.isBundle ? getItems(item.bundleProductIds) : Promise.resolve([]),
    getIdentity(),
  ]);
  const view = toCardView(item, now, tiers);
  const choices = licenceOptions(item, tiers, now).map((o) => ({
    key: o.key,
    name: o.name,
    summary: o.summary,
    termsUrl: termsPath(o.key),
    price: tierPriceView(o),
  }));
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
          <Suspense fallback={null}>
            <RatingLink productId={item.id} />
          </Suspense>
          <Price price={view.price} size="lg" />
          {item.description && <p className="whitespace-pre-line text-gray-800">{item.description}</p>}
          <div className="flex flex-wrap gap-2 text-sm">
            {item.category && categoryHref && (
              // Plain <a> for /products?… links: see components/layout/category-menu.tsx.
              <ChipLink tone="brand" href={categoryHref}>
                {item.category}
              </ChipLink>
            )}
            {item.category && item.subcategory && (
              <ChipLink tone="accent" href={`${categoryHref}&subcategory=${encodeURIComponent(item.subcategory)}`}>
                {item.subcategory}
              </ChipLink>
            )}
          </div>
          {item.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {item.tags.map((tag) => (
                <li key={tag}>
                  <a href={tagListingPath(tag)} className="badge badge-neutral px-3 py-1 text-sm hover:bg-gray-200">
                    #{tag}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {/* A free product is claimed by email, not bought through the cart (Decision 095). */}
          {isFreePrice(view.price) ? (
            <FreeDownloadForm productId={item.id} title={item.title} />
          ) : (
            <LicencePicker productId={item.id} choices={choices} item={view.cartItem} />
          )}
          <div>
            <WishButton productId={item.id} />
          </div>
          <Notice tone="success">
            <BoltIcon className="mr-1 h-4 w-4 align-[-2px]" />
            Instant download: your files are available immediately after purchase.
          </Notice>
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
              <ul className="mt-2 grid gap-2" data-testid="bundle-contents">
                {included.map((p) => {
                  const thumbnail = publicMediaUrl(p.thumbnailPath ?? p.imagePath);
                  return (
                    <li key={p.id}>
                      <Link href={productHref(p.id)} className="flex items-center gap-3 text-brand-800 underline hover:text-brand-900">
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
      <Suspense fallback={null}>
        <ProductReviews item={item} priceCents={view.price.priceCents} onSale={view.price.onSale} shopName={identity.name} />
      </Suspense>
      <Suspense fallback={null}>
        <BoughtTogether productId={item.id} tiers={tiers} now={now} />
      </Suspense>
    </div>
  );
}
