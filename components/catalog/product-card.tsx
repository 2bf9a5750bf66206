import { CardCartButtons } from '@/components/cart/card-cart-buttons';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { isFreePrice, Price } from '@/components/ui/price';
import { Stars } from '@/components/ui/stars';
import { CardHeart } from '@/components/wishlist/heart-button';
import type { ProductCardView } from './types';
import { CARD_TAG_LIMIT, tagListingPath } from '@/lib/shop';

// Styles are the .card* classes in app/globals.css (the card repeats 48 times per page).
// Plain <a>, not next/link: 96 Link components to hydrate and prefetch cost a phone
// more main-thread time than the full load of a cached product page saves.
export function ProductCard({ product, priority = false }: { product: ProductCardView; priority?: boolean }) {
  const free = isFreePrice(product.price);
  return (
    <article className="card" data-testid="product-card">
      <a href={product.href} className="card-media">
        {product.imageUrl ? (
          // Thumbnails are pre-sized WebP at upload time, so no runtime optimiser is needed.
          // eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3)
          <img
            src={product.imageUrl}
            alt={product.title}
            width={480}
            height={480}
            className="card-img"
            loading={priority ? undefined : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <span className="flex h-full items-center justify-center text-sm text-gray-600">No image</span>
        )}
        {(product.isBundle || product.price.onSale) && (
          <span className="card-badges">
            {product.isBundle && <Badge tone="bundle">Bundle</Badge>}
            {product.price.onSale && <Badge tone="sale">SALE</Badge>}
          </span>
        )}
      </a>
      <CardHeart productId={product.id} />
      <div className="card-body">
        <h3 className="card-title">
          <a href={product.href}>{product.title}</a>
        </h3>
        {product.rating && (
          <p className="card-rating">
            <Stars rating={product.rating.average} count={product.rating.count} className="h-3.5 w-3.5" />
          </p>
        )}
        {product.tags.length > 0 && (
          <ul className="card-tags" aria-label="Tags">
            {product.tags.slice(0, CARD_TAG_LIMIT).map((tag) => (
              <li key={tag}>
                <a href={tagListingPath(tag)}>{tag}</a>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex items-baseline gap-1.5 pt-1">
          {product.priceFrom && !free && <span className="text-sm text-gray-700">From</span>}
          <Price price={product.price} />
        </div>
        {/* A free product is claimed by email on its page, never through the cart (Decision 095). */}
        {free ? (
          <a href={product.href} className={buttonClass({ size: 'sm', className: 'mt-2 w-full' })}>
            Free download
          </a>
        ) : (
          <CardCartButtons item={product.cartItem} />
        )}
      </div>
    </article>
  );
}

/** `priorityCount`: how many leading cards are likely above the fold (their images load first). */
type GridProps = { products: ProductCardView[]; emptyText?: string; columns?: 3 | 4; priorityCount?: number };

export function ProductGrid({ products, emptyText = 'No products found', columns = 4, priorityCount = 0 }: GridProps) {
  if (products.length === 0) return <p className="py-16 text-center text-lg text-gray-700">{emptyText}</p>;
  return (
    <div className={`grid grid-cols-2 gap-4 sm:grid-cols-3 ${columns === 4 ? 'lg:grid-cols-4' : ''}`}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} priority={i < priorityCount} />
      ))}
    </div>
  );
}
