'use client';

import { toast } from 'sonner';
import { addToCart, type CartItem } from '@/lib/cart';
import { readCart, writeCart } from './use-cart';

/** Adds `item` unless it is already in the cart (SPEC §4: at most once); says which with a toast. */
export function addItem(item: CartItem, duplicateMessage: string): boolean {
  const result = addToCart(readCart(), item);
  if (!result.added) {
    toast.error(duplicateMessage);
    return false;
  }
  writeCart(result.items);
  return true;
}
