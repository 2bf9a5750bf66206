'use client';

import { useEffect, useState } from 'react';
import { api } from '@/components/data/api';
import type { OwnedProductsResponse } from '@/lib/contract/accounts';
import { useStoredUser } from './use-user';

// One small request per signed-in customer and page load, shared by every
// component that asks: the pages themselves stay cached and user-neutral.
const requests = new Map<string, Promise<ReadonlySet<string>>>();

function ownedFor(userId: string): Promise<ReadonlySet<string>> {
  let request = requests.get(userId);
  if (!request) {
    request = api.get<OwnedProductsResponse>('/api/account/owned').then((r) => new Set(r.ok ? r.body.product_ids : []));
    requests.set(userId, request);
  }
  return request;
}

const NONE: ReadonlySet<string> = new Set();

/** Ids of the products the signed-in customer already owns; empty for visitors and until known. */
export function useOwnedProductIds(): ReadonlySet<string> {
  const user = useStoredUser();
  const [owned, setOwned] = useState<{ userId: string; ids: ReadonlySet<string> } | null>(null);
  useEffect(() => {
    if (!user) return;
    let live = true;
    void ownedFor(user.id).then((ids) => live && setOwned({ userId: user.id, ids }));
    return () => {
      live = false;
    };
  }, [user]);
  return user && owned?.userId === user.id ? owned.ids : NONE;
}
