'use client';

import { readStoredValue, useStoredValue, writeStoredValue } from '@/components/data/use-stored-value';
import { CART_STORAGE_KEY, readCartRecord, type CartItem } from '@/lib/cart';

// The cart lives in localStorage; the stored-value store keeps every component
// (badge, cart page, buttons) in step, across tabs too.
const EMPTY: CartItem[] = [];

export function readCart(): CartItem[] {
  return readStoredValue(CART_STORAGE_KEY, readCartRecord) ?? EMPTY;
}

export function writeCart(items: CartItem[]): void {
  writeStoredValue(CART_STORAGE_KEY, items);
}

export function useCart(): CartItem[] {
  return useStoredValue(CART_STORAGE_KEY, readCartRecord) ?? EMPTY;
}
