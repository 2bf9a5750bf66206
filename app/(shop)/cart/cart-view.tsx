'use client';

import Link from 'next/link';
import { useBundleCredit } from '@/components/account/use-bundle-credit';
import { BundleCreditLine } from '@/components/cart/bundle-credit-line';
import { CartRestore } from '@/components/cart/cart-restore';
import { readCart, useCart, writeCart } from '@/components/cart/use-cart';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { imageSrc, removeFromCart } from '@/lib/cart';
import { dollarsToCents, formatAud } from '@/lib/format';
import { OrderSummary } from './order-summary';
import { RecommendationStrip } from '@/components/catalog/recommendation-strip';

export function CartView() {
  const items = useCart();
  // The signed-in customer's credit on bundles they own some of (Decision 094); checkout prices it again.
  const creditOf = useBundleCredit(items.filter((i) => i.is_bundle).map((i) => i.product_id));
  const creditCents = items.reduce((sum, i) => sum + (creditOf(i.product_id, i.licence)?.creditCents ?? 0), 0);
  return (
    <>
      <CartRestore />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">Shopping Cart</h1>
        <Link href="/products" className={buttonClass({ variant: 'secondary' })}>
          Continue Shopping
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="mt-10 rounded-2xl bg-white p-12 text-center shadow-sm">
          <p className="text-xl font-semibold">Your cart is empty</p>
          <p className="mt-2 text-gray-700">Find a design you love and it will wait for you here.</p>
          <Link href="/products" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
            Shop Now
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_360px]">
          <ul className="flex flex-col gap-3" aria-label="Cart items">
            {items.map((item) => {
              const src = imageSrc(item.image_path);
              return (
                <li key={item.product_id} className="flex items-center gap-4 rounded-2xl bg-white p-3 shadow-sm" data-testid="cart-item">
                  {src ? (
                    // eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3)
                    <img src={src} alt="" width={80} height={80} className="h-20 w-20 rounded-lg object-cover" />
                  ) : (
                    <span className="h-20 w-20 rounded-lg bg-gray-100" />
                  )}
                  <div className="flex-1">
                    <Link href={`/product/${item.product_id}`} className="font-semibold hover:text-brand-700">
                      {item.title}
                    </Link>
                    {item.is_bundle && (
                      <Badge tone="bundle" className="ml-2">
                        Bundle
                      </Badge>
                    )}
                    {item.licence_name && (
                      <p className="text-sm text-gray-700" data-testid="cart-item-licence">
                        {item.licence_name} licence
                      </p>
                    )}
                    <p className="text-gray-800">{formatAud(dollarsToCents(item.price))}</p>
                    <BundleCreditLine credit={creditOf(item.product_id, item.licence)} />
                  </div>
                  <Button
                    variant="ghost"
                    className="text-brand-800 hover:bg-brand-50"
                    aria-label={`Remove ${item.title}`}
                    onClick={() => writeCart(removeFromCart(readCart(), item.product_id))}
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
          <OrderSummary items={items} creditCents={creditCents} />
        </div>
      )}
      {items.length > 0 && <RecommendationStrip title="You might also like" id="cart-recommendations" productIds={items.map((item) => item.product_id)} />}
    </>
  );
}
