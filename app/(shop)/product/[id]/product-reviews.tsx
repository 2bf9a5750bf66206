import { Stars } from '@/components/ui/stars';
import { getReviewSummary } from '@/lib/cache/catalog';
import type { CatalogItem } from '@/lib/domain/catalog';
import { productJsonLd } from './json-ld';
import { ReviewsSection } from './reviews-section';

// The reviews read (and the JSON-LD that carries their rating) in their own
// Suspense boundaries on the product page, like the recommendations: the
// product's own HTML never waits for them, so it is complete without
// JavaScript however long the reviews take after a review refreshed the page.

/** The average under the title, linking to the reviews; nothing before the first shown review. */
export async function RatingLink({ productId }: { productId: string }) {
  const reviews = await getReviewSummary(productId);
  if (reviews.average === null) return null;
  return (
    <a href="#reviews" className="flex items-center gap-2 text-sm text-gray-800 hover:underline">
      <Stars rating={reviews.average} count={reviews.count} className="h-5 w-5" />
      {reviews.average.toFixed(1)}
    </a>
  );
}

type Props = { item: CatalogItem; priceCents: number; onSale: boolean; shopName: string };

/** The reviews section and the schema.org Product (with its rating) for search engines. */
export async function ProductReviews({ item, priceCents, onSale, shopName }: Props) {
  const reviews = await getReviewSummary(item.id);
  return (
    <>
      <ReviewsSection productId={item.id} summary={reviews} shopName={shopName} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(item, priceCents, onSale, shopName, reviews) }} />
    </>
  );
}
