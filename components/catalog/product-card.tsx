import Link from 'next/link';
import { CartActions } from '@/components/cart/cart-actions';
import { Badge, Price } from './price';
import type { ProductCardView } from './types';
import { CARD_TAG_LIMIT } from '@/lib/shop';

export function ProductCard({ product, priority = false }: { product: ProductCardView; priority?: boolean }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md" data-testid="product-card">
      <Link href={product.href} className="relative block aspect-square bg-gray-100">
        {product.imageUrl ? (
          // Thumbnails are pre-sized WebP at upload time, so no runtime optimiser is needed.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={product.imageUrl}
            alt={product.title}
            width={480}
            height={480}
            className="h-full w-full object-cover"
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <span className="flex h-full items-center justify-center text-sm text-gray-600">No image</span>
        )}
        <span className="absolute left-2 top-2 flex gap-1">
          {product.isBundle && <Badge tone="bundle">Bundle</Badge>}
          {product.price.onSale && <Badge tone="sale">SALE</Badge>}
        </span>
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-gray-900">
          <Link href={product.href} className="hover:text-rose-700">
            {product.title}
          </Link>
        </h3>
        {product.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {product.tags.slice(0, CARD_TAG_LIMIT).map((tag) => (
              <li key={tag} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto pt-1">
          <Price price={product.price} />
        </div>
        <CartActions item={product.cartItem} />
      </div>
    </article>
  );
}

type GridProps = { products: ProductCardView[]; emptyText?: string; columns?: 3 | 4 };

export function ProductGrid({ products, emptyText = 'No products found', columns = 4 }: GridProps) {
  if (products.length === 0) return <p className="py-16 text-center text-lg text-gray-700">{emptyText}</p>;
  return (
    <div className={`grid grid-cols-2 gap-4 sm:grid-cols-3 ${columns === 4 ? 'lg:grid-cols-4' : ''}`}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} priority={i < 4} />
      ))}
    </div>
  );
}
