'use client';

import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiError } from '@/components/data/api';
import { api, toastFailure } from './session';

// The admin's server state: one SWR cache entry per API path, shared by every
// tab that reads it, so a mutation revalidates the path and every reader
// follows. Failures go to the spec's toast, or only to the console where the
// spec says a load failure is silent (docs/product.md §7, the catalogue lists).

export const ADMIN_SWR_CONFIG: SWRConfiguration = {
  // A failed load is toasted once; retrying on a timer would toast again and again.
  shouldRetryOnError: false,
  // Forms on the tabs are drafts over the loaded data; a refetch on every focus would surprise.
  revalidateOnFocus: false,
};

export const adminPaths = {
  categories: '/api/categories',
  tags: '/api/tags',
  activeSales: '/api/admin/active-sales',
  vouchers: '/api/admin/vouchers',
  promoCodes: '/api/admin/promo-codes',
  banner: '/api/settings/banner',
  business: '/api/admin/settings/business',
  bundleCredit: '/api/admin/settings/bundle-credit',
  reviews: '/api/admin/reviews',
  reviewSettings: '/api/admin/settings/reviews',
  licences: '/api/admin/licences',
  shop: '/api/admin/settings/shop',
  shopPage: (slug: string) => `/api/admin/settings/pages/${slug}`,
} as const;

const fetchJson = <T>(path: string) => api.request<T>(path);

/** What to do when a load fails: the spec's toast text, or `{ log }` for loads the spec keeps silent. */
export type LoadFailure = string | { log: string };

export function onLoadFailure(failure: LoadFailure) {
  return (error: ApiError) => {
    if (typeof failure === 'string') toastFailure(error, failure);
    else console.error(`[admin] ${failure.log} failed to load`, error.status, error.detail);
  };
}

export function useAdminData<T>(path: string | null, failure: LoadFailure, config?: SWRConfiguration<T, ApiError>) {
  return useSWR<T, ApiError>(path, fetchJson<T>, { ...ADMIN_SWR_CONFIG, onError: onLoadFailure(failure), ...config });
}
