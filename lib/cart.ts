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
  /** The licence tier's key (Decision 081); absent: the item's default tier. */
  licence?: string;
  /** The tier's name, for the cart to show. */
  licence_name?: string;
};

/** `switched`: the product was in the cart in another licence tier, now replaced by this one. */
export type AddResult = { items: CartItem[]; added: boolean; switched?: boolean };

/**
 * Each product at most once (SPEC §4). Adding it again in another licence tier
 * switches the tier in place; `defaultLicence` is the tier an item stored
 * without one stands for.
 */
export function addToCart(items: CartItem[], item: CartItem, defaultLicence?: string): AddResult {
  const index = items.findIndex((i) => i.product_id === item.product_id);
  if (index === -1) return { items: [...items, item], added: true };
  const current = items[index].licence ?? defaultLicence;
  if (!item.licence || current === item.licence) return { items, added: false };
  return { items: items.map((i, n) => (n === index ? item : i)), added: false, switched: true };
}

export const switchedMessage = (title: string, licenceName: string) => `${title}: switched to the ${licenceName} licence in your cart`;

export function removeFromCart(items: CartItem[], productId: string): CartItem[] {
  return items.filter((i) => i.product_id !== productId);
}

export function cartSubtotal(items: CartItem[]): number {
  return Math.round(items.reduce((sum, i) => sum + Math.round(i.price * 100), 0)) / 100;
}

/** One stored item: the three it cannot do without, the two optional ones defaulted. */
function readCartItem(value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const { product_id, title, price, image_path, is_bundle, licence, licence_name } = value;
  if (typeof product_id !== 'string' || typeof title !== 'string' || typeof price !== 'number' || !Number.isFinite(price)) return null;
  return {
    product_id,
    title,
    price,
    image_path: typeof image_path === 'string' ? image_path : null,
    is_bundle: typeof is_bundle === 'boolean' ? is_bundle : false,
    // A malformed key is dropped (the default tier) rather than failing the whole checkout.
    ...(typeof licence === 'string' && /^[a-z0-9-]{1,40}$/.test(licence) ? { licence } : {}),
    ...(typeof licence_name === 'string' ? { licence_name: licence_name.slice(0, 60) } : {}),
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
