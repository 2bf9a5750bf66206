'use client';

import { useSyncExternalStore } from 'react';
import { api, type ApiResult } from '@/components/data/api';
import type { WishlistResponse } from '@/lib/contract/wishlist';

// The signed-in customer's saved product ids for this page load: one request,
// asked for only when a page shows a heart (or My Wishlist), shared by every
// heart and kept in step with each save or removal. Pages stay cached and the
// same for everyone (Decision 086).

type State = { userId: string; ids: ReadonlySet<string> } | null;

let state: State = null;
/** Whose list was asked for: once per customer and page load, answered or not. */
let requested: string | null = null;
const listeners = new Set<() => void>();

function publish(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

/** Saves and removals started on this page; a list asked for before one of them may not show it. */
let writes = 0;
/** Those still on their way to the server: a list read meanwhile may not show them. */
const inFlight = new Set<Promise<unknown>>();
const MAX_READS = 3;

/**
 * Loads the ids once per customer and page load; the full list for My Wishlist comes back too.
 * A save made while the list was on its way (the heart a visitor pressed before signing in)
 * would be undone by an answer read before it: the read waits for saves on their way, and an
 * answer that a save overtook is asked for again.
 */
export async function loadWishlist(userId: string, force = false): Promise<ApiResult<WishlistResponse> | null> {
  if (!force && requested === userId) return null;
  requested = userId;
  for (let read = 1; ; read++) {
    await Promise.allSettled([...inFlight]);
    const before = writes;
    const result = await api.get<WishlistResponse>('/api/account/wishlist');
    if (result.ok && (before !== writes || inFlight.size > 0) && read < MAX_READS) continue;
    if (result.ok) publish({ userId, ids: new Set(result.body.product_ids) });
    return result;
  }
}

/** Saves or removes one product on the server, then here; the failure is the caller's to show. */
export async function setSaved(userId: string, productId: string, saved: boolean): Promise<ApiResult<unknown>> {
  const path = `/api/account/wishlist/${encodeURIComponent(productId)}`;
  writes++;
  const call = api.call(path, { method: saved ? 'PUT' : 'DELETE' });
  inFlight.add(call);
  const result = await call.finally(() => inFlight.delete(call));
  if (result.ok && state?.userId === userId) {
    const ids = new Set(state.ids);
    if (saved) ids.add(productId);
    else ids.delete(productId);
    publish({ userId, ids });
  }
  return result;
}

const NONE: ReadonlySet<string> = new Set();

/** The saved ids of `userId` once known; empty before (and for visitors). */
export function useWishlistIds(userId: string | null): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (userId && state?.userId === userId ? state.ids : NONE),
    () => NONE,
  );
}
