'use client';

import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { ApiError } from '@/components/data/api';
import { api } from './session';
import { ADMIN_SWR_CONFIG, onLoadFailure, type LoadFailure } from './use-admin-data';

// One page of a server-side list and its match count (X-Total-Count). SWR is
// keyed by the whole query, so going back to a page or a search is served from
// the cache while it revalidates.

export type ListParams = Record<string, string | number | boolean | undefined>;
export type ListPage<T> = { rows: T[]; total: number };

export function listPath(path: string, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return `${path}?${query.toString()}`;
}

async function fetchPage<T>(path: string): Promise<ListPage<T>> {
  const result = await api.get<T[]>(path);
  if (!result.ok) throw result.error;
  return { rows: result.body, total: Number(result.headers.get('X-Total-Count') ?? result.body.length) };
}

export function useAdminList<T>(path: string, params: ListParams, failure: LoadFailure) {
  return useSWR<ListPage<T>, ApiError>(listPath(path, params), fetchPage<T>, {
    ...ADMIN_SWR_CONFIG,
    keepPreviousData: true,
    onError: onLoadFailure(failure),
  });
}

/** The value once it has stopped changing for `ms`, so typing sends one search, not one per key. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
