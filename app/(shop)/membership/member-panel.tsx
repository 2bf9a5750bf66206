'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import type { MembershipStatusResponse as MembershipStatus } from '@/lib/contract/membership';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Notice, PageIcon } from '@/components/ui/card';
import { CrownIcon } from '@/components/ui/icons';
import { Button, buttonClass } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { MembershipInvoices } from './membership-invoices';

type Props = { userId: string; status: MembershipStatus; onChange: (status: MembershipStatus) => void; onSessionLost: () => void };

export function MemberPanel({ userId, status, onChange, onSessionLost }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const endDate = status.current_period_end ? formatDate(status.current_period_end) : null;

  async function cancel() {
    setBusy(true);
    const result = await api.post<MembershipStatus>(`/api/membership/cancel/${encodeURIComponent(userId)}?cancel_at_period_end=true`);
    setBusy(false);
    setConfirming(false);
    if (!result.ok && result.error.status === 401) return onSessionLost();
    if (!result.ok) {
      toast.error('Failed to cancel membership');
      return;
    }
    toast.success('Membership will cancel at period end');
    onChange(result.body);
  }

  return (
    <section className="mx-auto max-w-2xl rounded-2xl bg-white p-8 text-center shadow-sm" data-testid="member-panel" aria-labelledby="member-heading">
      <PageIcon tone="warning">
        <CrownIcon className="h-8 w-8" />
      </PageIcon>
      <h1 id="member-heading" className="mt-4 text-3xl font-extrabold tracking-tight">
        You&apos;re a Member!
      </h1>
      <p className="mt-2 text-gray-700">Every product in the shop is yours for $0 while your membership is active.</p>
      <dl className="mx-auto mt-6 grid max-w-sm grid-cols-2 gap-y-2 text-left">
        <dt className="text-gray-600">Plan</dt>
        <dd className="font-semibold">{status.plan_interval === 'year' ? 'Yearly' : 'Monthly'}</dd>
        {endDate && (
          <>
            <dt className="text-gray-600">{status.cancel_at_period_end ? 'Access until' : 'Renewal date'}</dt>
            <dd className="font-semibold">{endDate}</dd>
          </>
        )}
      </dl>
      {status.cancel_at_period_end && (
        <Notice tone="warning" className="mt-6 text-base" role="status">
          <p className="font-semibold">Canceling at period end</p>
          <p className="text-sm">Your membership will not renew. You keep access until {endDate ?? 'the end of your billing period'}.</p>
        </Notice>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/products" className={buttonClass({ size: 'lg' })}>
          Browse Products
        </Link>
        {!status.cancel_at_period_end && (
          <Button variant="secondary" size="lg" onClick={() => setConfirming(true)}>
            Cancel Membership
          </Button>
        )}
      </div>
      <MembershipInvoices userId={userId} />
      <ConfirmDialog
        open={confirming}
        title="Cancel Membership?"
        message="You will retain access until the end of your billing period."
        confirmLabel="Yes, Cancel Membership"
        cancelLabel="Keep Membership"
        busy={busy}
        onConfirm={() => void cancel()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
