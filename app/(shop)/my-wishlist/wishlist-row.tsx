'use client';

import Link from 'next/link';
import { toast } from 'sonner';
import { addItem } from '@/components/cart/add-item';
import { Badge, Price } from '@/components/catalog/price';
import { CardHeart } from '@/components/wishlist/heart-button';
import type { ProductResponse } from '@/lib/contract/catalog';
import { addedMessage, DUPLICATE_MESSAGE } from '@/lib/cart';
import { dollarsToCents, salePercent } from '@/lib/format';

/** One saved product: the API answers the price in force now (`on_sale` is the live sale). */
export function WishlistRow({ item }: { item: ProductResponse }) {
  const regular = dollarsToCents(item.price);
  const now = item.on_sale && item.sale_price !== null ? dollarsToCents(item.sale_price) : regular;
  const price = { priceCents: now, regularPriceCents: regular, onSale: now < regular, salePercent: salePercent(regular, now) };
  const href = `/product/${item.id}`;
  const cartItem = { product_id: item.id, title: item.title, price: now / 100, image_path: item.thumbnail_url ?? item.image_path, is_bundle: item.is_bundle };
  return (
    <li className="relative flex gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm" data-testid="wishlist-item">
      <Link href={href} className="shrink-0">
        {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
        {item.thumbnail_url && <img src={item.thumbnail_url} alt={item.title} width={96} height={96} className="h-24 w-24 rounded-lg object-cover" />}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          {price.onSale && <Badge tone="sale">SALE - {price.salePercent}% OFF</Badge>}
          {item.is_bundle && <Badge tone="bundle">Bundle</Badge>}
        </div>
        <Link href={href} className="pr-10 font-semibold text-gray-900 hover:text-rose-700">
          {item.title}
        </Link>
        <Price price={price} />
        <div>
          <button
            type="button"
            className="rounded-lg bg-rose-700 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-800"
            onClick={() => {
              if (addItem(cartItem, DUPLICATE_MESSAGE)) toast.success(addedMessage(item.title));
            }}
          >
            Add to Cart
          </button>
        </div>
      </div>
      <CardHeart productId={item.id} />
    </li>
  );
}
