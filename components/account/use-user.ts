'use client';

import { useSyncExternalStore } from 'react';

// The display record of the signed-in customer (SPEC §3: storage key `user`).
// Display only: the server decides identity and membership from its session.
// The session token is never stored here, where any script on the page could
// read it (SECURITY S2): it lives in the HttpOnly cookie the login sets.
export type StoredUser = { id: string; email: string; name: string; is_member: boolean };

export const USER_STORAGE_KEY = 'user';
const CHANGE_EVENT = 'shop:user-change';

let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredUser>;
    if (typeof v?.id !== 'string' || typeof v.email !== 'string') return null;
    return { id: v.id, email: v.email, name: typeof v.name === 'string' ? v.name : v.email, is_member: v.is_member === true };
  } catch {
    return null;
  }
}

function snapshot(): StoredUser | null {
  const raw = window.localStorage.getItem(USER_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseUser(raw);
  }
  return cachedUser;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === USER_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The stored record read now (effects and handlers; render code uses the hook). */
export function readStoredUser(): StoredUser | null {
  return snapshot();
}

export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

export function storeUser(user: StoredUser | null): void {
  if (user) window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  else window.localStorage.removeItem(USER_STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}
