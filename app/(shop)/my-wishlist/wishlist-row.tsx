'use client';

import Link from 'next/link';
import { toast } from '@/components/ui/toast';
import { addItem } from '@/components/cart/add-item';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Price, priceViewFromDollars } from '@/components/ui/price';
import { CardHeart } from '@/components/wishlist/heart-button';
import type { ProductResponse } from '@/lib/contract/catalog';
import { addedMessage, DUPLICATE_MESSAGE } from '@/lib/cart';
import { centsToDollars } from '@/lib/format';

/** One saved product: the API answers the price in force now (`on_sale` is the live sale). */
export function WishlistRow({ item }: { item: ProductResponse }) {
  const price = priceViewFromDollars(item.price, item.sale_price, item.on_sale);
  const href = `/product/${item.id}`;
  const cartItem = {
    product_id: item.id,
    title: item.title,
    price: centsToDollars(price.priceCents),
    image_path: item.thumbnail_url ?? item.image_path,
    is_bundle: item.is_bundle,
  };
  return (
    <Card as="li" className="relative flex gap-4" data-testid="wishlist-item">
      <Link href={href} className="shrink-0">
        {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
        {item.thumbnail_url && <img src={item.thumbnail_url} alt={item.title} width={96} height={96} className="h-24 w-24 rounded-lg object-cover" />}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          {price.onSale && <Badge tone="sale">SALE - {price.salePercent}% OFF</Badge>}
          {item.is_bundle && <Badge tone="bundle">Bundle</Badge>}
        </div>
        <Link href={href} className="pr-10 font-semibold text-gray-900 hover:text-brand-700">
          {item.title}
        </Link>
        <Price price={price} />
        <div>
          <Button
            onClick={() => {
              if (addItem(cartItem, DUPLICATE_MESSAGE)) toast.success(addedMessage(item.title));
            }}
          >
            Add to Cart
          </Button>
        </div>
      </div>
      <CardHeart productId={item.id} />
    </Card>
  );
}
