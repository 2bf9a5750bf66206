import { isObject, parseStoredValue } from './stored-value';

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

/** One stored item: the three it cannot do without, the two optional ones defaulted. */
function readCartItem(value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const { product_id, title, price, image_path, is_bundle } = value;
  if (typeof product_id !== 'string' || typeof title !== 'string' || typeof price !== 'number' || !Number.isFinite(price)) return null;
  return {
    product_id,
    title,
    price,
    image_path: typeof image_path === 'string' ? image_path : null,
    is_bundle: typeof is_bundle === 'boolean' ? is_bundle : false,
  };
}

/** The stored cart: well-formed items only, first occurrence of a product wins; null when it is not a list. */
export function readCartRecord(data: unknown): CartItem[] | null {
  if (!Array.isArray(data)) return null;
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const value of data) {
    const item = readCartItem(value);
    if (!item || seen.has(item.product_id)) continue;
    seen.add(item.product_id);
    items.push(item);
  }
  return items;
}

/** Reads whatever is stored, keeping only well-formed items. */
export function parseCart(raw: string | null): CartItem[] {
  return parseStoredValue(raw, readCartRecord) ?? [];
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
