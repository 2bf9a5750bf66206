'use client';

import { useEffect, useState } from 'react';
import { getJson, type MembershipStatus } from '@/components/account/api';
import { LoadingPanel } from '@/components/account/panels';
import { useLoginRedirect } from '@/components/account/use-login-redirect';
import { readStoredUser, storeUser, type StoredUser } from '@/components/account/use-user';
import { MemberPanel } from './member-panel';
import { MembershipFaq } from './membership-faq';
import { PlanCards } from './plan-cards';

const LOGIN_MESSAGE = 'Please login to view membership options';

type State = { kind: 'loading' } | { kind: 'ready'; user: StoredUser; status: MembershipStatus | null };

/** Active members manage their plan; everyone else is offered one (SPEC §2 /membership). */
export function MembershipView() {
  const toLogin = useLoginRedirect();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const user = readStoredUser();
    if (!user) return toLogin(LOGIN_MESSAGE);
    let cancelled = false;
    void (async () => {
      const result = await getJson<MembershipStatus>(`/api/membership/status/${encodeURIComponent(user.id)}`);
      if (cancelled) return;
      if (!result.ok && (result.status === 401 || result.status === 404)) return toLogin(LOGIN_MESSAGE);
      if (!result.ok) console.error('[membership] status check failed', result.status);
      const status = result.ok ? result.body : null;
      // The stored flag only drives the nav crown and cart panel; keep it in step with the server.
      if (status && status.is_member !== user.is_member) storeUser({ ...user, is_member: status.is_member });
      setState({ kind: 'ready', user, status });
    })();
    return () => {
      cancelled = true;
    };
  }, [toLogin]);

  if (state.kind === 'loading') return <LoadingPanel label="Loading membership..." />;
  const { user, status } = state;
  if (status?.is_member) {
    return <MemberPanel userId={user.id} status={status} onChange={(next) => setState({ kind: 'ready', user, status: next })} onSessionLost={() => toLogin(LOGIN_MESSAGE)} />;
  }
  return (
    <>
      <header className="text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">
          Become a <span className="text-rose-700">Member</span>
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-gray-700">Every product in the shop, free. Unlimited $0 checkouts and instant downloads for as long as you are a member.</p>
      </header>
      <PlanCards userId={user.id} onSessionLost={() => toLogin(LOGIN_MESSAGE)} />
      <MembershipFaq />
    </>
  );
}
