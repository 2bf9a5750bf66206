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

/** Where a list's rows sit in its body: the body itself, or a field like orders' `{ orders }`. */
export type RowsOf<T> = (body: unknown) => T[];
const wholeBody = <T>(body: unknown) => body as T[];

export function useAdminList<T>(path: string, params: ListParams, failure: LoadFailure, rowsOf: RowsOf<T> = wholeBody<T>) {
  const fetchPage = async (key: string): Promise<ListPage<T>> => {
    const result = await api.get<unknown>(key);
    if (!result.ok) throw result.error;
    const rows = rowsOf(result.body);
    return { rows, total: Number(result.headers.get('X-Total-Count') ?? rows.length) };
  };
  return useSWR<ListPage<T>, ApiError>(listPath(path, params), fetchPage, {
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
