'use client';

import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import Link from 'next/link';
import { useOwnedProductIds } from '@/components/account/use-owned';
import { addedMessage, DUPLICATE_MESSAGE_DETAIL, type CartItem } from '@/lib/cart';
import { addItem } from './add-item';

/**
 * Add to Cart and Buy Now on the product page (cards use CardCartButtons); "Owned" instead for what the signed-in customer has bought.
 * `defaultLicence`: the tier an item already in the cart without one stands for, so choosing another switches it.
 */
export function CartActions({ item, defaultLicence }: { item: CartItem; defaultLicence?: string }) {
  const router = useRouter();
  const button = 'rounded-lg px-5 py-3 text-base font-semibold';
  const owned = useOwnedProductIds().has(item.product_id);
  if (owned) {
    return (
      <div className="flex flex-wrap items-center gap-3" data-testid="owned">
        <span className="rounded-full bg-emerald-700 px-3 py-1 text-sm font-bold text-white">Owned</span>
        <Link href="/my-orders" className={`${button} bg-gray-900 text-white hover:bg-gray-700`}>
          Download in My Orders
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="button"
        className={`${button} border border-rose-700 text-rose-700 hover:bg-rose-50`}
        onClick={() => {
          if (addItem(item, DUPLICATE_MESSAGE_DETAIL, defaultLicence)) toast.success(addedMessage(item.title));
        }}
      >
        Add to Cart
      </button>
      <button
        type="button"
        className={`${button} bg-rose-700 text-white hover:bg-rose-800`}
        onClick={() => {
          addItem(item, DUPLICATE_MESSAGE_DETAIL, defaultLicence);
          router.push('/cart');
        }}
      >
        Buy Now
      </button>
    </div>
  );
}
