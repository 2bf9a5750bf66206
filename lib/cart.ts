import * as z from 'zod/mini';
import { parseStoredValue } from './stored-value';

// Cart rules (SPEC §4, §5): a list in browser storage under `cart`, each
// product at most once, no quantities. Pure functions, safe in the browser.

export const CART_STORAGE_KEY = 'cart';

export type CartItem = {
  product_id: string;
  title: string;
  /** Dollars: the sale price when on sale and set, else the regular price. */
  price: number;
  image_path: string | null;
  is_bundle: boolean;
};

export type AddResult = { items: CartItem[]; added: boolean };

export function addToCart(items: CartItem[], item: CartItem): AddResult {
  if (items.some((i) => i.product_id === item.product_id)) return { items, added: false };
  return { items: [...items, item], added: true };
}

export function removeFromCart(items: CartItem[], productId: string): CartItem[] {
  return items.filter((i) => i.product_id !== productId);
}

export function cartSubtotal(items: CartItem[]): number {
  return Math.round(items.reduce((sum, i) => sum + Math.round(i.price * 100), 0)) / 100;
}

const cartItemSchema = z.object({
  product_id: z.string(),
  title: z.string(),
  price: z.number(),
  image_path: z.catch(z.nullable(z.string()), null),
  is_bundle: z.catch(z.boolean(), false),
});

/** The stored cart: well-formed items only, first occurrence of a product wins. */
export const cartSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((values): CartItem[] => {
    const seen = new Set<string>();
    const items: CartItem[] = [];
    for (const value of values) {
      const item = cartItemSchema.safeParse(value);
      if (!item.success || seen.has(item.data.product_id)) continue;
      seen.add(item.data.product_id);
      items.push(item.data);
    }
    return items;
  }),
);

/** Reads whatever is stored, keeping only well-formed items. */
export function parseCart(raw: string | null): CartItem[] {
  return parseStoredValue(raw, cartSchema) ?? [];
}

/** Browser URL of a stored image path: http(s) as is, relative under the API base (SPEC §3). */
export function imageSrc(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('/api/')) return path;
  return `/api${path.startsWith('/') ? '' : '/'}${path}`;
}

export const addedMessage = (title: string) => `${title} added to cart! 🎀`;
export const DUPLICATE_MESSAGE = 'This item is already in your cart! 🎀';
export const DUPLICATE_MESSAGE_DETAIL = 'Already in cart';
