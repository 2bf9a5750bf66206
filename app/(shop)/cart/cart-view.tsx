'use client';

import Link from 'next/link';
import { readCart, useCart, writeCart } from '@/components/cart/use-cart';
import { imageSrc, removeFromCart } from '@/lib/cart';
import { formatAud } from '@/lib/format';
import { OrderSummary } from './order-summary';

export function CartView() {
  const items = useCart();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">Shopping Cart</h1>
        <Link href="/products" className="rounded-lg border border-gray-300 px-4 py-2 font-semibold hover:bg-gray-100">
          Continue Shopping
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="mt-10 rounded-2xl bg-white p-12 text-center shadow-sm">
          <p className="text-xl font-semibold">Your cart is empty</p>
          <p className="mt-2 text-gray-700">Find a design you love and it will wait for you here.</p>
          <Link href="/products" className="mt-6 inline-block rounded-lg bg-rose-700 px-6 py-3 font-semibold text-white hover:bg-rose-800">
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
                    <Link href={`/product/${item.product_id}`} className="font-semibold hover:text-rose-700">
                      {item.title}
                    </Link>
                    {item.is_bundle && <span className="ml-2 rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-bold text-white">Bundle</span>}
                    {item.licence_name && (
                      <p className="text-sm text-gray-700" data-testid="cart-item-licence">
                        {item.licence_name} licence
                      </p>
                    )}
                    <p className="text-gray-800">{formatAud(Math.round(item.price * 100))}</p>
                  </div>
                  <button
                    type="button"
                    className="rounded-lg px-3 py-2 text-sm font-semibold text-rose-800 hover:bg-rose-50"
                    aria-label={`Remove ${item.title}`}
                    onClick={() => writeCart(removeFromCart(readCart(), item.product_id))}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
          <OrderSummary items={items} />
        </div>
      )}
    </>
  );
}
