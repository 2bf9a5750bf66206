'use client';

import { useEffect } from 'react';
import { api } from '@/components/data/api';
import type { MembershipStatusResponse as MembershipStatus } from '@/lib/contract/membership';
import { readStoredUser, storeUser, useStoredUser } from './use-user';

// docs/product.md §6: a membership check runs for a stored user id. The stored is_member
// flag is only what the server said at login: a membership that lapsed since
// would otherwise keep showing the crown and a $0 cart that the server then
// charges in full. The nav (once per page load) and the cart (each visit) ask;
// asks that overlap share one request.

let inFlight: { userId: string; done: Promise<void> } | null = null;

async function check(userId: string): Promise<void> {
  const asked = readStoredUser();
  const result = await api.get<MembershipStatus>(`/api/membership/status/${encodeURIComponent(userId)}`);
  const user = readStoredUser();
  // Changed while this was asked (a membership just confirmed, a logout): that newer word stands.
  if (!user || user.id !== userId || user.is_member !== asked?.is_member) return;
  // No session for this id (ended elsewhere, or another account's record): the server prices as a non-member.
  const isMember = result.ok ? result.body.is_member : result.error.status === 401 || result.error.status === 404 ? false : user.is_member;
  if (isMember !== user.is_member) storeUser({ ...user, is_member: isMember });
}

export function checkMembership(userId: string): Promise<void> {
  if (inFlight?.userId !== userId) {
    const done = check(userId).finally(() => {
      if (inFlight?.done === done) inFlight = null;
    });
    inFlight = { userId, done };
  }
  return inFlight.done;
}

/** Brings the stored member flag in line with the server for the stored user. */
export function useMembershipCheck(): void {
  const userId = useStoredUser()?.id ?? null;
  useEffect(() => {
    if (userId) void checkMembership(userId);
  }, [userId]);
}
