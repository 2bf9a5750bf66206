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

  const size = variant === 'detail' ? 'px-5 py-3 text-base' : 'px-3 py-2 text-sm';
  return (
    <div className={variant === 'detail' ? 'flex flex-wrap gap-3' : 'grid grid-cols-2 gap-2'}>
      <button
        type="button"
        className={`rounded-lg border border-rose-700 font-semibold text-rose-700 hover:bg-rose-50 ${size}`}
        onClick={() => {
          if (add()) toast.success(addedMessage(item.title));
        }}
      >
        Add to Cart
      </button>
      <button
        type="button"
        className={`rounded-lg bg-rose-700 font-semibold text-white hover:bg-rose-800 ${size}`}
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
