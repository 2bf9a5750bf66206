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

function isCartItem(value: unknown): value is CartItem {
  const v = value as Partial<CartItem> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.product_id === 'string' &&
    typeof v.title === 'string' &&
    typeof v.price === 'number' &&
    Number.isFinite(v.price)
  );
}

/** Reads whatever is stored, keeping only well-formed items, first occurrence wins. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const value of data) {
    if (!isCartItem(value) || seen.has(value.product_id)) continue;
    seen.add(value.product_id);
    items.push({
      product_id: value.product_id,
      title: value.title,
      price: value.price,
      image_path: typeof value.image_path === 'string' ? value.image_path : null,
      is_bundle: value.is_bundle === true,
    });
  }
  return items;
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
