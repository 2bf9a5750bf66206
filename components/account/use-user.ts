'use client';

import * as z from 'zod/mini';
import { readStoredValue, useStoredValue, writeStoredValue } from '@/components/data/use-stored-value';

// The display record of the signed-in customer (SPEC §3: storage key `user`).
// Display only: the server decides identity and membership from its session.
// The session token is never stored here, where any script on the page could
// read it (SECURITY S2): it lives in the HttpOnly cookie the login sets.
export const USER_STORAGE_KEY = 'user';

/** Older records may lack the name or the member flag: the email stands in, and not a member. */
export const storedUserSchema = z.pipe(
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.catch(z.optional(z.string()), undefined),
    is_member: z.catch(z.optional(z.boolean()), undefined),
  }),
  z.transform((v) => ({ id: v.id, email: v.email, name: v.name ?? v.email, is_member: v.is_member === true })),
);

export type StoredUser = z.output<typeof storedUserSchema>;

/** The stored record read now (effects and handlers; render code uses the hook). */
export function readStoredUser(): StoredUser | null {
  return readStoredValue(USER_STORAGE_KEY, storedUserSchema);
}

export function useStoredUser(): StoredUser | null {
  return useStoredValue(USER_STORAGE_KEY, storedUserSchema);
}

export function storeUser(user: StoredUser | null): void {
  writeStoredValue(USER_STORAGE_KEY, user);
}
