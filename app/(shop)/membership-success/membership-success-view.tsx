'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { api } from '@/components/data/api';
import { LoadingPanel, PageIcon } from '@/components/ui/card';
import { CrownIcon } from '@/components/ui/icons';
import { InvoiceLink } from '@/components/orders/download-buttons';
import { buttonClass } from '@/components/ui/button';
import { readStoredUser, storeUser } from '@/components/account/use-user';
import type { SubscriptionStatusResponse } from '@/lib/contract/membership';
import { formatDate } from '@/lib/format';

// The payment provider's webhook may arrive well after the redirect. While the
// subscription is pending the page shows no panel (SPEC §4) and keeps asking,
// backing off from 2 s to one ask every 30 s; the checkout's own expiry ends
// it, as the server then answers expired (decision 043). Only a real failure
// shows the error panel: an expired or unknown checkout, or the status
// request failing this many times in a row.
const FIRST_RECHECK_MS = 2000;
const MAX_RECHECK_MS = 30_000;
const BACKOFF = 1.5;
const MAX_FAILURES = 5;

type State = { kind: 'checking' } | { kind: 'pending' } | { kind: 'success'; periodEnd: string | null } | { kind: 'error' };

export function MembershipSuccessView({ sessionId }: { sessionId: string }) {
  // No session id in the address is an error from the start; there is nothing to ask about.
  const [state, setState] = useState<State>(sessionId ? { kind: 'checking' } : { kind: 'error' });

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    let delayMs = FIRST_RECHECK_MS;
    let failures = 0;

    async function check() {
      const result = await api.get<SubscriptionStatusResponse>(`/api/membership/subscription-status/${encodeURIComponent(sessionId)}`);
      if (cancelled) return;
      if (result.ok && result.body.status === 'paid') {
        const user = readStoredUser();
        if (user && !user.is_member) storeUser({ ...user, is_member: true });
        return setState({ kind: 'success', periodEnd: result.body.current_period_end });
      }
      if (result.ok) {
        if (result.body.status === 'expired') return setState({ kind: 'error' });
        failures = 0;
        setState({ kind: 'pending' });
      } else {
        // A 4xx will not change on retry (except being asked to slow down); a network error or 5xx might.
        const { status } = result.error;
        const terminal = status >= 400 && status < 500 && status !== 429;
        if (terminal || ++failures >= MAX_FAILURES) return setState({ kind: 'error' });
      }
      timer = setTimeout(() => void check(), delayMs);
      delayMs = Math.min(MAX_RECHECK_MS, Math.round(delayMs * BACKOFF));
    }

    void check();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionId]);

  if (state.kind === 'checking') return <LoadingPanel label="Confirming your membership..." />;
  if (state.kind === 'pending') return <div data-testid="membership-pending" aria-busy="true" />;
  if (state.kind === 'error') {
    return (
      <div className="py-16 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight">Error</h1>
        <p className="mt-3 text-gray-700">We couldn&apos;t verify your subscription. Please contact support.</p>
        <Link href="/membership" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
          Back to Membership
        </Link>
      </div>
    );
  }
  return (
    <div className="rounded-2xl bg-white p-10 text-center shadow-sm" data-testid="membership-success">
      <PageIcon tone="warning">
        <CrownIcon className="h-8 w-8" />
      </PageIcon>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Welcome to the Membership!</h1>
      <p className="mt-2 text-gray-700">Your membership is active: every product in the shop is now free for you.</p>
      {state.periodEnd && (
        <p className="mt-4 font-semibold" data-testid="renewal-date">
          Renews on {formatDate(state.periodEnd)}
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/products" className={buttonClass({ size: 'lg' })}>
          Browse Products
        </Link>
        <Link href="/membership" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          View Membership
        </Link>
      </div>
      <div className="mt-4 flex justify-center">
        <InvoiceLink sessionId={sessionId} />
      </div>
    </div>
  );
}
