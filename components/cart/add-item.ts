'use client';

import { toast } from '@/components/ui/toast';
import { addToCart, switchedMessage, type CartItem } from '@/lib/cart';
import { readCart, writeCart } from './use-cart';

/**
 * Adds `item` unless it is already in the cart (docs/product.md §4: at most once); says which with a toast.
 * In another licence tier it switches the tier instead (and says so); `defaultLicence` is the tier
 * an item stored without one stands for.
 */
export function addItem(item: CartItem, duplicateMessage: string, defaultLicence?: string): boolean {
  const result = addToCart(readCart(), item, defaultLicence);
  if (result.switched) {
    writeCart(result.items);
    toast.success(switchedMessage(item.title, item.licence_name ?? item.licence ?? ''));
    return false;
  }
  if (!result.added) {
    toast.error(duplicateMessage);
    return false;
  }
  writeCart(result.items);
  return true;
}
