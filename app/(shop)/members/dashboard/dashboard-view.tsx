'use client';

import Link from 'next/link';
import { LoadingPanel } from '@/components/account/panels';
import { primaryButton, secondaryButton } from '@/components/account/styles';
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
      <div className="text-5xl" aria-hidden="true">
        {member ? '👑' : '👋'}
      </div>
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
        <Link href="/products" className={primaryButton}>
          Browse Products
        </Link>
        <Link href="/my-orders" className={secondaryButton}>
          My Orders
        </Link>
        <Link href="/membership" className={secondaryButton}>
          {member ? 'Manage Membership' : 'View Membership'}
        </Link>
      </div>
    </div>
  );
}
