'use client';

import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { addedMessage, DUPLICATE_MESSAGE_DETAIL, type CartItem } from '@/lib/cart';
import { addItem } from './add-item';

/** Add to Cart and Buy Now on the product page (cards use CardCartButtons). */
export function CartActions({ item }: { item: CartItem }) {
  const router = useRouter();
  const button = 'rounded-lg px-5 py-3 text-base font-semibold';
  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="button"
        className={`${button} border border-rose-700 text-rose-700 hover:bg-rose-50`}
        onClick={() => {
          if (addItem(item, DUPLICATE_MESSAGE_DETAIL)) toast.success(addedMessage(item.title));
        }}
      >
        Add to Cart
      </button>
      <button
        type="button"
        className={`${button} bg-rose-700 text-white hover:bg-rose-800`}
        onClick={() => {
          addItem(item, DUPLICATE_MESSAGE_DETAIL);
          router.push('/cart');
        }}
      >
        Buy Now
      </button>
    </div>
  );
}
