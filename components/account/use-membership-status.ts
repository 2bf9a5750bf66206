'use client';

import { useEffect, useState } from 'react';
import { api } from '@/components/data/api';
import type { MembershipStatusResponse as MembershipStatus } from '@/lib/contract/membership';
import { useLoginRedirect } from './use-login-redirect';
import { readStoredUser, storeUser, type StoredUser } from './use-user';

const LOGIN_MESSAGE = 'Please login to view membership options';

export type MembershipState =
  | { kind: 'loading' }
  | { kind: 'ready'; user: StoredUser; status: MembershipStatus | null; setStatus: (next: MembershipStatus) => void; sessionLost: () => void };

/**
 * The signed-in user's membership from the server. No stored user, or a server
 * session that is gone, sends the visitor to /login with the spec's toast.
 */
export function useMembershipStatus(): MembershipState {
  const toLogin = useLoginRedirect();
  const [loaded, setLoaded] = useState<{ user: StoredUser; status: MembershipStatus | null } | null>(null);

  useEffect(() => {
    const user = readStoredUser();
    if (!user) return toLogin(LOGIN_MESSAGE);
    let cancelled = false;
    void (async () => {
      const result = await api.get<MembershipStatus>(`/api/membership/status/${encodeURIComponent(user.id)}`);
      if (cancelled) return;
      if (!result.ok && (result.error.status === 401 || result.error.status === 404)) return toLogin(LOGIN_MESSAGE);
      if (!result.ok) console.error('[membership] status check failed', result.error.status);
      const status = result.ok ? result.body : null;
      // The stored flag only drives the nav crown and cart panel; keep it in step with the server.
      if (status && status.is_member !== user.is_member) storeUser({ ...user, is_member: status.is_member });
      setLoaded({ user, status });
    })();
    return () => {
      cancelled = true;
    };
  }, [toLogin]);

  if (!loaded) return { kind: 'loading' };
  return {
    kind: 'ready',
    ...loaded,
    setStatus: (next) => setLoaded({ user: loaded.user, status: next }),
    sessionLost: () => toLogin(LOGIN_MESSAGE),
  };
}
