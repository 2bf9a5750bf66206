'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { parseStoredValue, type RecordReader } from '@/lib/stored-value';

// One store over the browser's localStorage records (docs/product.md §3: `cart`, `user`).
// Each read goes through the record's reader (lib/stored-value.ts), so a hand-edited or
// stale record reads as absent instead of breaking the page. Components re-render
// when the record changes here (a custom event: `storage` fires only in other
// tabs) or in another tab (the `storage` event).

const CHANGE_EVENT = 'shop:stored-value-change';

type Entry = { raw: string | null; read: RecordReader<unknown>; value: unknown };

// useSyncExternalStore needs the same object for the same stored text, or it re-renders forever.
const snapshots = new Map<string, Entry>();

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage switched off by the browser's privacy settings: nothing is stored.
    return null;
  }
}

/** The record now, for event handlers and effects; render code uses the hook. */
export function readStoredValue<T>(key: string, read: RecordReader<T>): T | null {
  const raw = readRaw(key);
  const hit = snapshots.get(key);
  if (hit && hit.raw === raw && hit.read === read) return hit.value as T | null;
  const value = parseStoredValue(raw, read);
  snapshots.set(key, { raw, read, value });
  return value;
}

/** Stores the record (null removes it) and tells every reader in this tab. */
export function writeStoredValue(key: string, value: unknown): void {
  if (value === null || value === undefined) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, JSON.stringify(value));
  window.dispatchEvent(new CustomEvent<string>(CHANGE_EVENT, { detail: key }));
}

function subscribe(key: string, onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key is localStorage.clear() in another tab.
    if (event.key === null || event.key === key) onChange();
  };
  const onLocal = (event: Event) => {
    if ((event as CustomEvent<string>).detail === key) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onLocal);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onLocal);
  };
}

/**
 * The record under `key`, as `read` lets it through, kept in step with this tab and
 * others. Null on the server and before hydration: the record is the browser's.
 */
export function useStoredValue<T>(key: string, read: RecordReader<T>): T | null {
  const subscribeToKey = useCallback((onChange: () => void) => subscribe(key, onChange), [key]);
  const snapshot = useCallback(() => readStoredValue(key, read), [key, read]);
  return useSyncExternalStore(subscribeToKey, snapshot, serverSnapshot);
}

const serverSnapshot = () => null;
