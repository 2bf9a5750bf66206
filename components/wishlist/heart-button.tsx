// The wishlist heart as plain server markup: `data-wish` names the product and
// the one WishlistHearts listener in the root layout handles every heart's
// click and marks saved ones with aria-pressed (Decision 086), so cached pages
// stay the same for everyone and cards hydrate nothing of their own.
import { Button } from '@/components/ui/button';

/** The small heart over a product card's image. */
export function CardHeart({ productId }: { productId: string }) {
  return (
    <Button variant="secondary" size="sm" className="card-heart" data-wish={productId} aria-pressed="false" aria-label="Save to wishlist">
      <span className="wish-icon" />
    </Button>
  );
}

/** The product page's "Save to wishlist" / "Saved" button. */
export function WishButton({ productId }: { productId: string }) {
  return (
    <Button variant="secondary" className="wish-btn" data-wish={productId} aria-pressed="false">
      <span className="wish-icon" />
      <span className="wish-off">Save to wishlist</span>
      <span className="wish-on">Saved to wishlist</span>
    </Button>
  );
}
