'use client';

import { useEffect, useState } from 'react';
import { api } from '@/components/data/api';
import type { BundleCreditResponse } from '@/lib/contract/accounts';
import { dollarsToCents } from '@/lib/format';
import { useStoredUser } from './use-user';

type Quote = BundleCreditResponse['bundles'][number];

/** One bundle's figures for the signed-in customer, in a tier (absent: its default tier), in cents. */
export type BundleCreditView = { owned: number; total: number; creditCents: number; priceCents: number };

/**
 * The signed-in customer's credit on these bundles (Decision 094), asked of the
 * API so the cached pages stay the same for everyone; empty for visitors and
 * until known. Checkout works the price out again on the server.
 */
export function useBundleCredit(bundleIds: string[]): (bundleId: string, licence?: string) => BundleCreditView | null {
  const user = useStoredUser();
  const key = [...new Set(bundleIds)].sort().join(',');
  const [answer, setAnswer] = useState<{ key: string; bundles: Quote[] } | null>(null);
  useEffect(() => {
    if (!user || !key) return;
    let live = true;
    void api.get<BundleCreditResponse>(`/api/account/bundle-credit?ids=${encodeURIComponent(key)}`).then((r) => {
      if (live && r.ok) setAnswer({ key: `${user.id}:${key}`, bundles: r.body.bundles });
    });
    return () => {
      live = false;
    };
  }, [user, key]);
  const bundles = user && answer?.key === `${user.id}:${key}` ? answer.bundles : [];
  return (bundleId, licence) => {
    const quote = bundles.find((b) => b.id === bundleId);
    const tier = quote && (quote.licences.find((l) => l.licence === licence) ?? quote.licences[0]);
    if (!quote || !tier || quote.owned === 0) return null;
    return { owned: quote.owned, total: quote.total, creditCents: dollarsToCents(tier.credit), priceCents: dollarsToCents(tier.price) };
  };
}
