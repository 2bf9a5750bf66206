'use client';

import { LoadingPanel } from '@/components/ui/card';
import { useMembershipStatus } from '@/components/account/use-membership-status';
import { MemberPanel } from './member-panel';
import { MembershipFaq } from './membership-faq';
import { PlanCards } from './plan-cards';

/** Active members manage their plan; everyone else is offered one (SPEC §2 /membership). */
export function MembershipView() {
  const state = useMembershipStatus();
  if (state.kind === 'loading') return <LoadingPanel label="Loading membership..." />;
  const { user, status, setStatus, sessionLost } = state;
  if (status?.is_member) {
    return <MemberPanel userId={user.id} status={status} onChange={setStatus} onSessionLost={sessionLost} />;
  }
  return (
    <>
      <header className="text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">
          Become a <span className="text-brand-700">Member</span>
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-gray-700">
          Every product in the shop, free. Unlimited $0 checkouts and instant downloads for as long as you are a member.
        </p>
      </header>
      <PlanCards userId={user.id} onSessionLost={sessionLost} />
      <MembershipFaq />
    </>
  );
}
