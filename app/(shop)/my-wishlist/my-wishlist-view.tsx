'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { buttonClass } from '@/components/ui/button';
import { Card, LoadingPanel } from '@/components/ui/card';
import { useLoginRedirect } from '@/components/account/use-login-redirect';
import { readStoredUser } from '@/components/account/use-user';
import { useWishlistIds, loadWishlist } from '@/components/wishlist/wishlist-store';
import type { ProductResponse } from '@/lib/contract/catalog';
import { WishlistRow } from './wishlist-row';

const LOGIN_MESSAGE = 'Please login to view your wishlist';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; userId: string; items: ProductResponse[] };

/** The signed-in customer's saved products, newest first, each with Add to Cart and the heart to remove it. */
export function MyWishlistView() {
  const toLogin = useLoginRedirect();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const saved = useWishlistIds(state.kind === 'ready' ? state.userId : null);

  useEffect(() => {
    const user = readStoredUser();
    if (!user) return toLogin(LOGIN_MESSAGE);
    let cancelled = false;
    void loadWishlist(user.id, true).then((result) => {
      if (cancelled || !result) return;
      if (!result.ok && result.error.status === 401) return toLogin(LOGIN_MESSAGE);
      if (!result.ok) {
        toast.error('Failed to load your wishlist');
        return setState({ kind: 'failed' });
      }
      setState({ kind: 'ready', userId: user.id, items: result.body.items });
    });
    return () => {
      cancelled = true;
    };
  }, [toLogin]);

  // A heart pressed here removes the row at once (the store says what is still saved).
  const items = state.kind === 'ready' ? state.items.filter((item) => saved.has(item.id)) : [];
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">My Wishlist</h1>
      {state.kind === 'loading' && <LoadingPanel label="Loading your wishlist..." />}
      {state.kind === 'failed' && (
        <Card padding="lg" className="mt-8 text-center text-gray-700">
          Your wishlist could not be loaded. Please refresh the page to try again.
        </Card>
      )}
      {state.kind === 'ready' &&
        (items.length === 0 ? (
          <Card padding="lg" className="mt-8 text-center">
            <h2 className="text-xl font-bold">Your wishlist is empty</h2>
            <p className="mt-2 text-gray-700">Tap the heart on any design to save it here. We will email you when a saved design goes on sale.</p>
            <Link href="/products" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
              Browse Products
            </Link>
          </Card>
        ) : (
          <ul className="mt-6 grid gap-4" aria-label="Saved products">
            {items.map((item) => (
              <WishlistRow key={item.id} item={item} />
            ))}
          </ul>
        ))}
    </>
  );
}
