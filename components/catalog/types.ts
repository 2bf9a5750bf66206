import type { CartItem } from '@/lib/cart';
import type { PriceView } from '@/components/ui/price';

export type { PriceView };

// What catalogue components render: computed on the server from the database,
// so components stay free of data access and pricing rules.
export type ProductCardView = {
  id: string;
  title: string;
  href: string;
  imageUrl: string | null;
  isBundle: boolean;
  tags: string[];
  price: PriceView;
  /** The licence tiers differ in price: the card shows "From" before the default tier's price. */
  priceFrom: boolean;
  cartItem: CartItem;
};
