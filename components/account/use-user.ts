'use client';

import { isObject } from '@/lib/stored-value';
import { readStoredValue, useStoredValue, writeStoredValue } from '@/components/data/use-stored-value';

// The display record of the signed-in customer (docs/product.md §3: storage key `user`).
// Display only: the server decides identity and membership from its session.
// The session token is never stored here, where any script on the page could
// read it (docs/security.md S2): it lives in the HttpOnly cookie the login sets.
export const USER_STORAGE_KEY = 'user';

export type StoredUser = { id: string; email: string; name: string; is_member: boolean };

/** Older records may lack the name or the member flag: the email stands in, and not a member. Anything else is dropped. */
export function readUserRecord(data: unknown): StoredUser | null {
  if (!isObject(data) || typeof data.id !== 'string' || typeof data.email !== 'string') return null;
  return { id: data.id, email: data.email, name: typeof data.name === 'string' ? data.name : data.email, is_member: data.is_member === true };
}

/** The stored record read now (effects and handlers; render code uses the hook). */
export function readStoredUser(): StoredUser | null {
  return readStoredValue(USER_STORAGE_KEY, readUserRecord);
}

export function useStoredUser(): StoredUser | null {
  return useStoredValue(USER_STORAGE_KEY, readUserRecord);
}

export function storeUser(user: StoredUser | null): void {
  writeStoredValue(USER_STORAGE_KEY, user);
}
