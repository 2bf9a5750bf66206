'use client';

import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import type { CartRestoreResponse } from '@/lib/contract/newsletters';
import { addToCart, readCartRecord } from '@/lib/cart';
import { readCart, writeCart } from './use-cart';

export const RESTORE_PARAM = 'restore';

/**
 * `/cart?restore=<token>`, the link of an abandoned-checkout email (Decision
 * 096): puts that checkout's items back into this browser's cart, beside
 * whatever it holds, then drops the token from the address so a reload or a
 * shared link does not repeat it.
 */
export function CartRestore() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get(RESTORE_PARAM);
    if (!token) return;
    url.searchParams.delete(RESTORE_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    void api.get<CartRestoreResponse>(`/api/cart/restore?token=${encodeURIComponent(token)}`).then((result) => {
      if (!result.ok) return void toast.error('This cart link is not valid any more', { description: result.error.detail });
      const items = readCartRecord(result.body.items) ?? [];
      if (items.length === 0) return void toast.info('You already have everything from that cart');
      writeCart(items.reduce((cart, item) => addToCart(cart, item).items, readCart()));
      toast.success('Your cart is back');
    });
  }, []);
  return null;
}
