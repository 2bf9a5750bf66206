import type { CartItem } from '@/lib/cart';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * Add to Cart and Buy Now on a product card, as plain server markup: the item
 * rides in a data attribute and one CartClickListener (in the root layout)
 * handles every card's clicks. 48 cards then hydrate no client component of
 * their own, which is most of /products' main-thread time on a phone.
 */
export function CardCartButtons({ item }: { item: CartItem }) {
  return (
    <div className="card-actions" data-cart-item={JSON.stringify(item)}>
      <Button variant="outline" data-cart-action="add">
        Add to Cart
      </Button>
      <Button data-cart-action="buy">Buy Now</Button>
      {/* Shown instead of the buttons on what the signed-in customer owns (OwnedCardMarker). */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- cards are plain server markup with no Link to hydrate (see ProductCard) */}
      <a className={buttonClass({ variant: 'success', className: 'card-owned' })} href="/my-orders">
        Owned - Download in My Orders
      </a>
    </div>
  );
}
