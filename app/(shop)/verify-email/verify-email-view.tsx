'use client';

import Link from 'next/link';
import { useState } from 'react';
import { api } from '@/components/data/api';
import { Button, buttonClass } from '@/components/ui/button';
import { Notice, PageIcon } from '@/components/ui/card';
import { CheckCircleIcon } from '@/components/ui/content-icons';

type State = { kind: 'ready' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * Confirms only on a click, never on load: mail scanners open every link in a
 * message, and opening a link must not confirm an address on its own.
 */
export function VerifyEmailView({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'ready' });

  async function confirm() {
    setState({ kind: 'busy' });
    const result = await api.form('/api/auth/verify-email', { token });
    setState(result.ok ? { kind: 'done' } : { kind: 'failed', message: result.error.detail ?? 'Failed to confirm your email' });
  }

  if (state.kind === 'done') {
    return (
      <div className="text-center" role="status">
        <PageIcon tone="success">
          <CheckCircleIcon className="h-8 w-8" />
        </PageIcon>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Email Confirmed</h1>
        <p className="mt-2 text-gray-700">Thank you! Orders and gift vouchers sent to this address now show in My Orders.</p>
        <Link href="/my-orders" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
          Go to My Orders
        </Link>
      </div>
    );
  }

  return (
    <div className="text-center">
      <h1 className="text-3xl font-extrabold tracking-tight">Confirm Your Email</h1>
      <p className="mt-2 text-gray-700">Confirm this is your address to see your orders and gift vouchers in My Orders.</p>
      {state.kind === 'failed' && (
        <Notice tone="danger" className="mt-4" role="alert">
          {state.message}
        </Notice>
      )}
      <div className="mt-6 flex flex-col gap-3">
        <Button size="lg" onClick={() => void confirm()} disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Confirming...' : 'Confirm my email'}
        </Button>
        <Link href="/" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          Go Home
        </Link>
      </div>
    </div>
  );
}
