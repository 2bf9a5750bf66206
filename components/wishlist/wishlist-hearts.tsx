'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { storeUser, useStoredUser } from '@/components/account/use-user';
import { loadWishlist, setSaved, useWishlistIds } from './wishlist-store';

/** A visitor's heart click, kept for the page they come back to after signing in. */
const PENDING_KEY = 'wishlist-pending';

function rememberPending(productId: string | null) {
  try {
    if (productId) window.sessionStorage.setItem(PENDING_KEY, productId);
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage switched off: the visitor saves again after signing in.
  }
}

function takePending(): string | null {
  try {
    const id = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    return id;
  } catch {
    return null;
  }
}

/**
 * Every wishlist heart (HeartButton markup) on every page: one click listener
 * and one marker in the root layout, like the cart's. A visitor's click asks
 * them to sign in and brings them back to the product, saving it then; a
 * customer's click saves or removes at once.
 */
export function WishlistHearts() {
  const user = useStoredUser();
  const userId = user?.id ?? null;
  const router = useRouter();
  const ids = useWishlistIds(userId);

  useEffect(() => {
    const mark = () => {
      const hearts = document.querySelectorAll<HTMLElement>('[data-wish]');
      if (hearts.length > 0 && userId) void loadWishlist(userId);
      for (const heart of hearts) heart.setAttribute('aria-pressed', String(ids.has(heart.dataset.wish ?? '')));
    };
    mark();
    // Hearts that arrive later (client navigation) are marked as they appear; only added nodes are watched.
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ids, userId]);

  useEffect(() => {
    const save = async (productId: string, saved: boolean) => {
      if (!userId) return;
      const result = await setSaved(userId, productId, saved);
      if (result.ok) toast.success(saved ? 'Saved to your wishlist' : 'Removed from your wishlist');
      else if (result.error.status === 401) signIn(productId, 'Please log in again to save products');
      else toast.error(result.error.detail ?? 'Failed to update your wishlist');
    };
    const signIn = (productId: string, message: string) => {
      if (userId) storeUser(null);
      rememberPending(productId);
      toast.info(message, { id: message });
      router.push(`/login?next=${encodeURIComponent(`/product/${productId}`)}`);
    };
    const onClick = (event: MouseEvent) => {
      const heart = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-wish]') : null;
      const productId = heart?.dataset.wish;
      if (!heart || !productId) return;
      if (!userId) signIn(productId, 'Log in to save products to your wishlist');
      else void save(productId, heart.getAttribute('aria-pressed') !== 'true');
    };
    document.addEventListener('click', onClick);
    const pending = userId ? takePending() : null;
    if (pending) void save(pending, true);
    return () => document.removeEventListener('click', onClick);
  }, [userId, router]);

  return null;
}
