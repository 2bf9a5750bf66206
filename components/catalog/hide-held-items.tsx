'use client';

import { useEffect } from 'react';
import { useOwnedProductIds } from '@/components/account/use-owned';
import { useCart } from '@/components/cart/use-cart';

/**
 * Hides the cards of a cached recommendation row (RecommendationList) that
 * name a product in this visitor's cart or, signed in, one they own: the row
 * itself is the same cached markup for everyone (Decisions 064, 089). With
 * every card hidden, the row goes too.
 */
export function HideHeldItems({ listId }: { listId: string }) {
  const cart = useCart();
  const owned = useOwnedProductIds();
  useEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    const held = new Set([...cart.map((item) => item.product_id), ...owned]);
    let shown = 0;
    for (const card of list.querySelectorAll<HTMLElement>('[data-recommended]')) {
      card.hidden = held.has(card.dataset.recommended ?? '');
      if (!card.hidden) shown++;
    }
    list.hidden = shown === 0;
  }, [listId, cart, owned]);
  return null;
}
