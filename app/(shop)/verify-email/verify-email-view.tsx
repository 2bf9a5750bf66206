'use client';

import Link from 'next/link';
import { useState } from 'react';
import { api } from '@/components/data/api';
import { primaryButton, secondaryButton } from '@/components/account/styles';

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
        <div className="text-5xl" aria-hidden="true">
          ✅
        </div>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Email Confirmed</h1>
        <p className="mt-2 text-gray-700">Thank you! Orders and gift vouchers sent to this address now show in My Orders.</p>
        <Link href="/my-orders" className={`${primaryButton} mt-6`}>
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
        <p className="mt-4 rounded-xl bg-rose-50 p-3 text-sm text-rose-900" role="alert">
          {state.message}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3">
        <button type="button" onClick={() => void confirm()} disabled={state.kind === 'busy'} className={primaryButton}>
          {state.kind === 'busy' ? 'Confirming...' : 'Confirm my email'}
        </button>
        <Link href="/" className={secondaryButton}>
          Go Home
        </Link>
      </div>
    </div>
  );
}
