'use client';

import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { addToCart, addedMessage, DUPLICATE_MESSAGE, DUPLICATE_MESSAGE_DETAIL, type CartItem } from '@/lib/cart';
import { readCart, writeCart } from './use-cart';

type Props = { item: CartItem; variant?: 'card' | 'detail' };

/** Add to Cart and Buy Now (SPEC §4): each product at most once in the cart. */
export function CartActions({ item, variant = 'card' }: Props) {
  const router = useRouter();
  const duplicate = variant === 'detail' ? DUPLICATE_MESSAGE_DETAIL : DUPLICATE_MESSAGE;

  function add(): boolean {
    const result = addToCart(readCart(), item);
    if (!result.added) {
      toast.error(duplicate);
      return false;
    }
    writeCart(result.items);
    return true;
  }

  // Card buttons use the short .btn-* classes of app/globals.css: they repeat on every card.
  const detail = variant === 'detail';
  return (
    <div className={detail ? 'flex flex-wrap gap-3' : 'card-actions'}>
      <button
        type="button"
        className={detail ? 'rounded-lg border border-rose-700 px-5 py-3 text-base font-semibold text-rose-700 hover:bg-rose-50' : 'btn-cart'}
        onClick={() => {
          if (add()) toast.success(addedMessage(item.title));
        }}
      >
        Add to Cart
      </button>
      <button
        type="button"
        className={detail ? 'rounded-lg bg-rose-700 px-5 py-3 text-base font-semibold text-white hover:bg-rose-800' : 'btn-buy'}
        onClick={() => {
          add();
          router.push('/cart');
        }}
      >
        Buy Now
      </button>
    </div>
  );
}
