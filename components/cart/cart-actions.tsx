'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import Link from 'next/link';
import { useOwnedProductIds } from '@/components/account/use-owned';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { addedMessage, DUPLICATE_MESSAGE_DETAIL, type CartItem } from '@/lib/cart';
import { addItem } from './add-item';

/**
 * Add to Cart and Buy Now on the product page (cards use CardCartButtons); "Owned" instead for what the signed-in customer has bought.
 * `defaultLicence`: the tier an item already in the cart without one stands for, so choosing another switches it.
 */
export function CartActions({ item, defaultLicence }: { item: CartItem; defaultLicence?: string }) {
  const router = useRouter();
  const owned = useOwnedProductIds().has(item.product_id);
  if (owned) {
    return (
      <div className="flex flex-wrap items-center gap-3" data-testid="owned">
        <Badge tone="success" className="px-3 py-1 text-sm">
          Owned
        </Badge>
        <Link href="/my-orders" className={buttonClass({ variant: 'dark', size: 'lg' })}>
          Download in My Orders
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        variant="outline"
        size="lg"
        onClick={() => {
          if (addItem(item, DUPLICATE_MESSAGE_DETAIL, defaultLicence)) toast.success(addedMessage(item.title));
        }}
      >
        Add to Cart
      </Button>
      <Button
        size="lg"
        onClick={() => {
          addItem(item, DUPLICATE_MESSAGE_DETAIL, defaultLicence);
          router.push('/cart');
        }}
      >
        Buy Now
      </Button>
    </div>
  );
}
