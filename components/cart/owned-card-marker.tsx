'use client';

import { useEffect } from 'react';
import { useOwnedProductIds } from '@/components/account/use-owned';
import { parseCart } from '@/lib/cart';

/**
 * Marks the product cards of what the signed-in customer already owns, so CSS
 * shows "Owned" in place of Add to Cart (app/globals.css, .card-actions[data-owned]).
 * The cards stay plain cached server markup (CardCartButtons); one small request
 * for the owned ids (useOwnedProductIds) and an attribute per card is all it costs.
 * Cards that arrive later (client navigation, "load more") are marked as they appear.
 */
export function OwnedCardMarker() {
  const owned = useOwnedProductIds();
  useEffect(() => {
    const mark = () => {
      for (const holder of document.querySelectorAll<HTMLElement>('[data-cart-item]')) {
        const [item] = parseCart(`[${holder.getAttribute('data-cart-item') ?? ''}]`);
        holder.toggleAttribute('data-owned', Boolean(item && owned.has(item.product_id)));
      }
    };
    mark();
    if (owned.size === 0) return;
    // Only added nodes are watched, so setting the attribute never triggers the observer again.
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [owned]);
  return null;
}
