'use client';

import Link from 'next/link';
import { LoadingPanel, PageIcon } from '@/components/ui/card';
import { CrownIcon } from '@/components/ui/icons';
import { UserIcon } from '@/components/ui/content-icons';
import { buttonClass } from '@/components/ui/button';
import { useMembershipStatus } from '@/components/account/use-membership-status';
import { formatDate } from '@/lib/format';

/** Where members land after login (SPEC §2): a welcome and the ways onward. */
export function DashboardView() {
  const state = useMembershipStatus();
  if (state.kind === 'loading') return <LoadingPanel label="Loading..." />;
  const { user, status } = state;
  const member = status?.is_member ?? user.is_member;
  return (
    <div className="rounded-2xl bg-white p-10 text-center shadow-sm">
      <PageIcon tone={member ? 'warning' : 'brand'}>{member ? <CrownIcon className="h-8 w-8" /> : <UserIcon className="h-8 w-8" />}</PageIcon>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Welcome back, {user.name}!</h1>
      {member ? (
        <>
          <p className="mt-2 text-gray-700">Your membership is active: every product in the shop is free for you.</p>
          {status?.current_period_end && (
            <p className="mt-4 font-semibold">
              {status.cancel_at_period_end ? 'Access until' : 'Renews on'} {formatDate(status.current_period_end)}
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-gray-700">You don&apos;t have an active membership right now.</p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/products" className={buttonClass({ size: 'lg' })}>
          Browse Products
        </Link>
        <Link href="/my-orders" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          My Orders
        </Link>
        <Link href="/membership" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          {member ? 'Manage Membership' : 'View Membership'}
        </Link>
      </div>
    </div>
  );
}
